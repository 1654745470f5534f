ALTER TABLE "blog_articles" ADD COLUMN "sanitizer_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fa_questions" ADD COLUMN "sanitizer_version" integer DEFAULT 0 NOT NULL;