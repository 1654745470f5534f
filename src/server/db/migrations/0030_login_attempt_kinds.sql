ALTER TABLE "login_attempts" ADD COLUMN "kind" text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_kind_check" CHECK ("login_attempts"."kind" in ('sign_in', 'intake'));--> statement-breakpoint
UPDATE "login_attempts" SET "kind" = 'intake' WHERE "email" LIKE 'intake %';
