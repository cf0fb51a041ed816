-- The open list's total counts only what the list shows: an order hidden by the moderators (0032's hidden_at) left
-- the list but stayed in its total. The trigger function is rewritten in place and the total counted again.
CREATE OR REPLACE FUNCTION "orders_count_open_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "order_counters" SET "n" = 0 WHERE "name" = 'open_listed';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM "new_rows"
      WHERE "status" = 'open' AND NOT "is_direct" AND "hidden_at" IS NULL);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM "old_rows"
      WHERE "status" = 'open' AND NOT "is_direct" AND "hidden_at" IS NULL);
  END IF;
  IF delta <> 0 THEN
    INSERT INTO "order_counters" ("name", "n") VALUES ('open_listed', delta)
    ON CONFLICT ("name") DO UPDATE SET "n" = "order_counters"."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "order_counters" ("name", "n")
  SELECT 'open_listed', count(*) FROM "orders" WHERE "status" = 'open' AND NOT "is_direct" AND "hidden_at" IS NULL
  ON CONFLICT ("name") DO UPDATE SET "n" = excluded."n";
