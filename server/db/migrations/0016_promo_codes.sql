CREATE TABLE "promo_code_uses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_code_uses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promo_code_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_code_uses_invoiceId_unique" UNIQUE("invoice_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"plan" text,
	"percent_off" smallint NOT NULL,
	"max_uses" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_codes_plan_value" CHECK ("promo_codes"."plan" in ('starter', 'master', 'professional')),
	CONSTRAINT "promo_codes_percent_value" CHECK ("promo_codes"."percent_off" between 1 and 99),
	CONSTRAINT "promo_codes_max_uses_positive" CHECK ("promo_codes"."max_uses" > 0),
	CONSTRAINT "promo_codes_valid_range" CHECK ("promo_codes"."valid_from" < "promo_codes"."valid_until")
);
--> statement-breakpoint
ALTER TABLE "wallet_invoices" ADD COLUMN "promo_code_id" integer;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_invoice_id_wallet_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."wallet_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_uses_code" ON "promo_code_uses" USING btree ("promo_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
ALTER TABLE "wallet_invoices" ADD CONSTRAINT "wallet_invoices_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;