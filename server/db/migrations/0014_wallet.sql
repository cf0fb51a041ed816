CREATE TABLE "payment_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"state" smallint NOT NULL,
	"reason" smallint,
	"provider_time" bigint,
	"create_time" bigint NOT NULL,
	"perform_time" bigint DEFAULT 0 NOT NULL,
	"cancel_time" bigint DEFAULT 0 NOT NULL,
	"paydoc_id" text,
	CONSTRAINT "payment_transactions_state_value" CHECK ("payment_transactions"."state" in (1, 2, -1, -2)),
	CONSTRAINT "payment_transactions_provider_value" CHECK ("payment_transactions"."provider" in ('payme', 'click'))
);
--> statement-breakpoint
CREATE TABLE "plan_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"plan" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "plan_periods_invoiceId_unique" UNIQUE("invoice_id"),
	CONSTRAINT "plan_periods_plan_value" CHECK ("plan_periods"."plan" in ('starter', 'master', 'professional'))
);
--> statement-breakpoint
CREATE TABLE "wallet_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"plan" text NOT NULL,
	"months" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "wallet_invoices_plan_value" CHECK ("wallet_invoices"."plan" in ('starter', 'master', 'professional')),
	CONSTRAINT "wallet_invoices_months_value" CHECK ("wallet_invoices"."months" between 1 and 3),
	CONSTRAINT "wallet_invoices_amount_positive" CHECK ("wallet_invoices"."amount" > 0),
	CONSTRAINT "wallet_invoices_provider_value" CHECK ("wallet_invoices"."provider" in ('payme', 'click')),
	CONSTRAINT "wallet_invoices_status_value" CHECK ("wallet_invoices"."status" in ('pending', 'paid', 'canceled', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"invoice_id" integer,
	"transaction_id" integer,
	"provider" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_ledger_kind_value" CHECK ("wallet_ledger"."kind" in ('payment', 'plan_purchase', 'refund', 'plan_refund'))
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_invoice_id_wallet_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."wallet_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_periods" ADD CONSTRAINT "plan_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_periods" ADD CONSTRAINT "plan_periods_invoice_id_wallet_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."wallet_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_invoices" ADD CONSTRAINT "wallet_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_invoice_id_wallet_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."wallet_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_provider_id" ON "payment_transactions" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_one_performed" ON "payment_transactions" USING btree ("invoice_id") WHERE "payment_transactions"."state" in (2, -2);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_one_waiting_payme" ON "payment_transactions" USING btree ("invoice_id") WHERE "payment_transactions"."state" = 1 and "payment_transactions"."provider" = 'payme';--> statement-breakpoint
CREATE INDEX "payment_transactions_invoice" ON "payment_transactions" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_payme_time" ON "payment_transactions" USING btree ("provider_time") WHERE "payment_transactions"."provider" = 'payme';--> statement-breakpoint
CREATE INDEX "plan_periods_user" ON "plan_periods" USING btree ("user_id","ends_at") WHERE "plan_periods"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "wallet_invoices_user" ON "wallet_invoices" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_ledger_user" ON "wallet_ledger" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_once" ON "wallet_ledger" USING btree ("transaction_id","kind");--> statement-breakpoint
-- The ledger is append-only (docs/decisions/015-wallet-and-payments.md): a row is never changed or deleted.
-- TRUNCATE (tests emptying the database) fires no row trigger.
CREATE FUNCTION "wallet_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_ledger is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "wallet_ledger_no_update_or_delete" BEFORE UPDATE OR DELETE ON "wallet_ledger"
  FOR EACH ROW EXECUTE FUNCTION "wallet_ledger_append_only"();
