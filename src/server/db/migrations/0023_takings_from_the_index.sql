DROP INDEX "payments_paid_at_idx";--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at","method","amount_cents") WHERE "payments"."paid_at" is not null;