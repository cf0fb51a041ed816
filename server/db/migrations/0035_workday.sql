CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_feeds_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "job_reminders" (
	"order_id" integer NOT NULL,
	"executor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_reminders_order_id_executor_id_kind_pk" PRIMARY KEY("order_id","executor_id","kind")
);
--> statement-breakpoint
CREATE TABLE "order_progress" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_progress_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"executor_id" integer NOT NULL,
	"step" text NOT NULL,
	"rank" smallint NOT NULL,
	"eta_minutes" smallint,
	"tapped_at" timestamp with time zone NOT NULL,
	"client_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_progress_client_key" UNIQUE("order_id","client_key"),
	CONSTRAINT "order_progress_one_step" UNIQUE("order_id","executor_id","step"),
	CONSTRAINT "order_progress_rank" CHECK ("order_progress"."rank" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "remind_evening_before" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "remind_hour_before" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reminders" ADD CONSTRAINT "job_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reminders" ADD CONSTRAINT "job_reminders_executor_id_users_id_fk" FOREIGN KEY ("executor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_progress" ADD CONSTRAINT "order_progress_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_progress" ADD CONSTRAINT "order_progress_executor_id_users_id_fk" FOREIGN KEY ("executor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_executor_started" ON "orders" USING btree ("executor_id","started_at","id") WHERE "orders"."status" in ('in_progress', 'completed');--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_order_id" UNIQUE("order_id");--> statement-breakpoint
-- By hand: drizzle's schema cannot name orders from specialists.ts (the two files would import each other).
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
