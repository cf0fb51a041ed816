CREATE TABLE "order_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_status_created";--> statement-breakpoint
DROP INDEX "orders_location";--> statement-breakpoint
DROP INDEX "orders_services";--> statement-breakpoint
DROP INDEX "orders_customer";--> statement-breakpoint
CREATE INDEX "orders_open_created" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" = 'open' and not "orders"."is_direct";--> statement-breakpoint
CREATE INDEX "orders_open_category_created" ON "orders" USING btree ("category_id","created_at","id") WHERE "orders"."status" = 'open' and not "orders"."is_direct";--> statement-breakpoint
CREATE INDEX "orders_open_services" ON "orders" USING gin ("services") WHERE "orders"."status" = 'open' and not "orders"."is_direct";--> statement-breakpoint
CREATE INDEX "orders_open_started" ON "orders" USING btree ("started_at") WHERE "orders"."status" = 'open' and not "orders"."is_direct";--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("customer_id","status","created_at","id");