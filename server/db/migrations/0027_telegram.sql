CREATE TABLE "telegram_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ADD CONSTRAINT "telegram_link_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_link_tokens_user" ON "telegram_link_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "telegram_link_tokens_expiry" ON "telegram_link_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "telegram_updates_received" ON "telegram_updates" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_telegram_id" ON "users" USING btree ("telegram_id") WHERE "users"."telegram_id" is not null;