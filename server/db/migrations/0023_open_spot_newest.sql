-- The box's GiST index carries each open order's created_at and id (docs/decisions/019): the newest orders of a map
-- cell are then picked from the index alone and sorted, and only the page's own rows are read from the table.
-- (drizzle's index builder has no INCLUDE: server/db/schema/orders.ts says so beside the index.)
DROP INDEX "orders_open_spot";--> statement-breakpoint
CREATE INDEX "orders_open_spot" ON "orders" USING gist ("spot") INCLUDE ("created_at", "id") WHERE "orders"."status" = 'open' and not "orders"."is_direct";
