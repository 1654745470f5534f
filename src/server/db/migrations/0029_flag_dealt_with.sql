ALTER TABLE "appointments" ADD COLUMN "flag_dealt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "flag_dealt_by" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_flag_dealt_by_admin_users_id_fk" FOREIGN KEY ("flag_dealt_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;