-- The open list's total (open orders that are not direct), kept by statement triggers on orders: one row to read
-- per list request instead of a count. Statement triggers with transition tables add a bulk insert's rows in one
-- update, not one per row. docs/decisions/012-keyset-paging-and-indexes.md
CREATE FUNCTION "orders_count_open_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "order_counters" SET "n" = 0 WHERE "name" = 'open_listed';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM "new_rows" WHERE "status" = 'open' AND NOT "is_direct");
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM "old_rows" WHERE "status" = 'open' AND NOT "is_direct");
  END IF;
  IF delta <> 0 THEN
    INSERT INTO "order_counters" ("name", "n") VALUES ('open_listed', delta)
    ON CONFLICT ("name") DO UPDATE SET "n" = "order_counters"."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_open_listed_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_count_open_listed"();--> statement-breakpoint
CREATE TRIGGER "orders_open_listed_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_count_open_listed"();--> statement-breakpoint
CREATE TRIGGER "orders_open_listed_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_count_open_listed"();--> statement-breakpoint
CREATE TRIGGER "orders_open_listed_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_count_open_listed"();--> statement-breakpoint
INSERT INTO "order_counters" ("name", "n")
  SELECT 'open_listed', count(*) FROM "orders" WHERE "status" = 'open' AND NOT "is_direct"
  ON CONFLICT ("name") DO UPDATE SET "n" = excluded."n";
