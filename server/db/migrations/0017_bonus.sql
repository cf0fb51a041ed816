CREATE TABLE "bonus_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"invite_id" integer NOT NULL,
	"days" smallint NOT NULL,
	"plan" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_grants_days_positive" CHECK ("bonus_grants"."days" > 0),
	CONSTRAINT "bonus_grants_plan_value" CHECK ("bonus_grants"."plan" in ('starter', 'master', 'professional'))
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"rewarded_at" timestamp with time zone,
	CONSTRAINT "invites_inviteeId_unique" UNIQUE("invitee_id"),
	CONSTRAINT "invites_not_self" CHECK ("invites"."inviter_id" <> "invites"."invitee_id")
);
--> statement-breakpoint
ALTER TABLE "plan_periods" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_periods" ADD COLUMN "bonus_grant_id" integer;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_grants_once" ON "bonus_grants" USING btree ("invite_id","user_id");--> statement-breakpoint
CREATE INDEX "bonus_grants_user" ON "bonus_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invites_inviter" ON "invites" USING btree ("inviter_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "plan_periods" ADD CONSTRAINT "plan_periods_bonus_grant_id_bonus_grants_id_fk" FOREIGN KEY ("bonus_grant_id") REFERENCES "public"."bonus_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_periods" ADD CONSTRAINT "plan_periods_bonusGrantId_unique" UNIQUE("bonus_grant_id");--> statement-breakpoint
ALTER TABLE "plan_periods" ADD CONSTRAINT "plan_periods_one_source" CHECK (("plan_periods"."invoice_id" is null) <> ("plan_periods"."bonus_grant_id" is null));