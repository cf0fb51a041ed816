CREATE TABLE "order_refusals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_refusals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"executor_id" integer NOT NULL,
	"reason" text NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL,
	"refused_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_refusals" ADD CONSTRAINT "order_refusals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refusals" ADD CONSTRAINT "order_refusals_executor_id_users_id_fk" FOREIGN KEY ("executor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refusals_executor_refused" ON "order_refusals" USING btree ("executor_id","refused_at","id");--> statement-breakpoint
-- Orders cancelled before this table existed while a specialist was chosen: their refusal, as well as it is known.
INSERT INTO "order_refusals" ("order_id", "executor_id", "reason", "chosen_at", "refused_at")
SELECT "id", "executor_id", 'canceled', coalesce("chosen_at", "updated_at"), "updated_at"
FROM "orders" WHERE "status" = 'canceled' AND "executor_id" IS NOT NULL;
