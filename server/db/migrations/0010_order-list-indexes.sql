DROP INDEX "orders_location";--> statement-breakpoint
DROP INDEX "orders_status_created";--> statement-breakpoint
DROP INDEX "orders_customer";--> statement-breakpoint
CREATE INDEX "orders_open_created" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" = 'open' and not "orders"."is_direct";--> statement-breakpoint
CREATE INDEX "orders_open_category_created" ON "orders" USING btree ("category_id","created_at","id") WHERE "orders"."status" = 'open' and not "orders"."is_direct";--> statement-breakpoint
CREATE INDEX "orders_executor_status_created" ON "orders" USING btree ("executor_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("customer_id","status","created_at","id");