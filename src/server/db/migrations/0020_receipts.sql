CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "receipt_counters_last_check" CHECK ("receipt_counters"."last" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_number_check" CHECK ("receipts"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD COLUMN "default_consultant_id" integer;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "consultant_id" integer;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "medical_council_number" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_year_number_idx" ON "receipts" USING btree ("year","number");--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD CONSTRAINT "clinic_settings_default_consultant_id_team_members_id_fk" FOREIGN KEY ("default_consultant_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_consultant_id_team_members_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_medical_council_number_check" CHECK ("team_members"."medical_council_number" ~ '^[0-9]{1,6}$');