DROP INDEX "appointments_created_at_idx";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_appointment_id_idx" ON "email_outbox" USING btree ("appointment_id") WHERE "email_outbox"."appointment_id" is not null;--> statement-breakpoint
-- Hand-written: the trigram operator class of the patients' search index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "patients_search_trgm_idx" ON "patients" USING gin ((("first_name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || "phone")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_created_at_idx" ON "appointments" USING btree ("created_at","id");