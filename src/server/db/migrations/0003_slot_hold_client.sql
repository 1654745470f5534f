ALTER TABLE "sessions" ADD COLUMN "hold_client" text;--> statement-breakpoint
CREATE INDEX "sessions_hold_client_idx" ON "sessions" USING btree ("hold_client") WHERE "sessions"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_hold_client_check" CHECK ("sessions"."status" = 'pending' or "sessions"."hold_client" is null);