CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "antihistamine_confirmed" boolean;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "agreement_accepted" boolean;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "hold_token_hash" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "failure_message" text;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_live_payment_idx" ON "transactions" USING btree ("patient_id") WHERE "transactions"."status" in ('processing', 'requires_action', 'succeeded', 'refunding');