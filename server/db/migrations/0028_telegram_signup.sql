CREATE TABLE "telegram_login_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_signups" (
	"telegram_id" text PRIMARY KEY NOT NULL,
	"step" text NOT NULL,
	"answers" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_login_tokens" ADD CONSTRAINT "telegram_login_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_login_tokens_expiry" ON "telegram_login_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "telegram_signups_updated" ON "telegram_signups" USING btree ("updated_at");