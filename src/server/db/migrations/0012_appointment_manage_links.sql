ALTER TABLE "appointments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "manage_token_hash" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_reference_unique" UNIQUE("reference");