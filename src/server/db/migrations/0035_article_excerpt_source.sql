ALTER TABLE "blog_articles" ADD COLUMN "excerpt_source_md5" text;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "content_md5" text GENERATED ALWAYS AS (md5(content)) STORED;