-- The stored point every public answer about where orders are is computed from (the map's cells, a box's list and
-- count) becomes the order's public point: lng and lat rounded to 0.01°, in the same float8 steps as roundToArea in
-- server/modules/orders/privacy.ts. From the exact pin, a crowd's middle, the order of orders by their distance to a
-- cell's middle and which small box holds an order gave the pin away (docs/decisions/008 and 019).
-- PostgreSQL 15 cannot change a generated column's expression: the column is made again (the table is rewritten),
-- and the box's GiST index with it, keeping its INCLUDE (created_at, id) of migration 0023.
DROP INDEX "orders_open_spot";--> statement-breakpoint
ALTER TABLE "orders" drop column "spot";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "spot" "point" GENERATED ALWAYS AS (point(floor(lng * 100 + 0.5) / 100, floor(lat * 100 + 0.5) / 100)) STORED;--> statement-breakpoint
CREATE INDEX "orders_open_spot" ON "orders" USING gist ("spot") INCLUDE ("created_at", "id") WHERE "orders"."status" = 'open' and not "orders"."is_direct";
