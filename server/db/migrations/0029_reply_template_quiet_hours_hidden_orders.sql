CREATE TABLE "hidden_orders" (
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hidden_orders_user_id_order_id_pk" PRIMARY KEY("user_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "quiet_from" smallint;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "quiet_to" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reply_template" text;--> statement-breakpoint
ALTER TABLE "hidden_orders" ADD CONSTRAINT "hidden_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_orders" ADD CONSTRAINT "hidden_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;