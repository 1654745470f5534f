CREATE TABLE "manage_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "flag_message" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "free_move_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "video_link" text;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "video_link" text;--> statement-breakpoint
ALTER TABLE "manage_link_tokens" ADD CONSTRAINT "manage_link_tokens_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manage_link_tokens_appointment_id_idx" ON "manage_link_tokens" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointments_flagged_at_idx" ON "appointments" USING btree ("flagged_at") WHERE "appointments"."flagged_at" is not null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_flag_reason_check" CHECK ("appointments"."flag_reason" is null or "appointments"."flag_reason" in ('could_not_stop', 'unwell'));