ALTER TABLE "users" ADD COLUMN "listed_min_price" bigint;--> statement-breakpoint
CREATE INDEX "users_listed_by_price" ON "users" USING btree (coalesce("listed_min_price", 1000000000000000),(- "rating"),"id") WHERE "users"."deleted_at" is null and "users"."accepts_orders";--> statement-breakpoint
-- A user's cheapest listed line follows their lines: any write to speciality_services (including the rewrites that
-- follow a user's or a specialty's change, migration 0012) recounts the users it touched, once per statement.
CREATE FUNCTION "users_recount_listed_min_price"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "listed_min_price" = m."price"
    FROM (SELECT t."id", (SELECT min(coalesce(ss."price_from", ss."price_to")) FROM "speciality_services" ss
                           WHERE ss."user_id" = t."id" AND ss."listed") AS "price"
            FROM unnest("ids") AS t("id")) m
    WHERE u."id" = m."id" AND u."listed_min_price" IS DISTINCT FROM m."price";
END $$;--> statement-breakpoint
CREATE FUNCTION "speciality_services_inserted_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "users_recount_listed_min_price"(ARRAY(SELECT DISTINCT "user_id" FROM "new_lines"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "speciality_services_updated_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "users_recount_listed_min_price"(ARRAY(
    SELECT n."user_id" FROM "new_lines" n
    UNION SELECT o."user_id" FROM "old_lines" o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "speciality_services_deleted_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "users_recount_listed_min_price"(ARRAY(SELECT DISTINCT "user_id" FROM "old_lines"));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A trigger with transition tables answers one event only: three of them.
CREATE TRIGGER "speciality_services_inserted_price" AFTER INSERT ON "speciality_services"
  REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "speciality_services_inserted_price"();--> statement-breakpoint
CREATE TRIGGER "speciality_services_updated_price" AFTER UPDATE ON "speciality_services"
  REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "speciality_services_updated_price"();--> statement-breakpoint
CREATE TRIGGER "speciality_services_deleted_price" AFTER DELETE ON "speciality_services"
  REFERENCING OLD TABLE AS "old_lines" FOR EACH STATEMENT EXECUTE FUNCTION "speciality_services_deleted_price"();--> statement-breakpoint
UPDATE "users" u SET "listed_min_price" = m."price"
  FROM (SELECT "user_id", min(coalesce("price_from", "price_to")) AS "price" FROM "speciality_services"
          WHERE "listed" GROUP BY "user_id") m
  WHERE u."id" = m."user_id";
