DROP INDEX "orders_open_point";--> statement-breakpoint
DROP INDEX "orders_open_created";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "spot" "point" GENERATED ALWAYS AS (point(lng, lat)) STORED;--> statement-breakpoint
CREATE INDEX "orders_open_spot" ON "orders" USING gist ("spot") WHERE "orders"."status" = 'open' and not "orders"."is_direct";--> statement-breakpoint
CREATE INDEX "orders_open_created" ON "orders" USING btree ("created_at","id","lng","lat") WHERE "orders"."status" = 'open' and not "orders"."is_direct";