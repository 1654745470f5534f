ALTER TABLE "sessions" ADD COLUMN "hold_token_hash" text;--> statement-breakpoint
-- Hand-written (drizzle cannot express it): two slots of the same kind (video or not, adult or child) may not
-- overlap; the database refuses it (SQLSTATE 23P01), so racing saves cannot both succeed. Deferrable: a save
-- that shifts several slots checks them at commit, not against each other's old times midway.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_no_overlap" EXCLUDE USING gist ("is_video_call" WITH =, "is_adult" WITH =, tstzrange("starts_at", "ends_at") WITH &&) DEFERRABLE INITIALLY IMMEDIATE;
