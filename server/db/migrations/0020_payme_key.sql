CREATE TABLE "payment_provider_keys" (
	"provider" text PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "fiscal_perform" jsonb;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "fiscal_cancel" jsonb;