ALTER TABLE "clinic_settings" ADD COLUMN "adult_test_price_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD COLUMN "child_test_price_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD COLUMN "adult_video_price_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD COLUMN "child_video_price_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD CONSTRAINT "clinic_settings_adult_test_price_id_fee_prices_id_fk" FOREIGN KEY ("adult_test_price_id") REFERENCES "public"."fee_prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD CONSTRAINT "clinic_settings_child_test_price_id_fee_prices_id_fk" FOREIGN KEY ("child_test_price_id") REFERENCES "public"."fee_prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD CONSTRAINT "clinic_settings_adult_video_price_id_fee_prices_id_fk" FOREIGN KEY ("adult_video_price_id") REFERENCES "public"."fee_prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD CONSTRAINT "clinic_settings_child_video_price_id_fee_prices_id_fk" FOREIGN KEY ("child_video_price_id") REFERENCES "public"."fee_prices"("id") ON DELETE set null ON UPDATE no action;