ALTER TABLE "speciality_services" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "speciality_services" ADD COLUMN "user_rating" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "speciality_services" ADD COLUMN "user_reviews_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "speciality_services" ADD COLUMN "user_district_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "speciality_services_by_rating" ON "speciality_services" USING btree ("service_id","user_rating" DESC NULLS LAST,"user_reviews_count" DESC NULLS LAST,"user_id" DESC NULLS LAST) WHERE "speciality_services"."listed";--> statement-breakpoint
CREATE INDEX "speciality_services_by_reviews" ON "speciality_services" USING btree ("service_id","user_reviews_count" DESC NULLS LAST,"user_rating" DESC NULLS LAST,"user_id" DESC NULLS LAST) WHERE "speciality_services"."listed";--> statement-breakpoint
CREATE INDEX "speciality_services_districts" ON "speciality_services" USING btree ("service_id","user_district_ids") WHERE "speciality_services"."listed";--> statement-breakpoint
CREATE INDEX "speciality_services_by_price" ON "speciality_services" USING btree ("service_id",coalesce("price_from", "price_to", 1000000000000000),(- "user_rating"),"user_id") WHERE "speciality_services"."listed";--> statement-breakpoint
CREATE INDEX "users_listed_by_rating" ON "users" USING btree ("rating" DESC NULLS LAST,"reviews_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "users"."deleted_at" is null and "users"."accepts_orders";--> statement-breakpoint
-- The list's copies on each service line follow its user and its specialty: a line written takes them, and a change
-- of what they copy rewrites that user's (or specialty's) lines, whatever code path made it.
CREATE FUNCTION "speciality_services_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT NEW."active" AND sp."active" AND u."deleted_at" IS NULL AND u."accepts_orders",
         u."rating", u."reviews_count", u."district_ids"
    INTO NEW."listed", NEW."user_rating", NEW."user_reviews_count", NEW."user_district_ids"
    FROM "users" u, "specialities" sp
    WHERE u."id" = NEW."user_id" AND sp."id" = NEW."speciality_id";
  NEW."listed" := coalesce(NEW."listed", false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "speciality_services_copy" BEFORE INSERT OR UPDATE ON "speciality_services"
  FOR EACH ROW EXECUTE FUNCTION "speciality_services_copy"();--> statement-breakpoint
-- Rewriting a line's own user id runs the copy above again.
CREATE FUNCTION "speciality_services_follow_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "speciality_services" SET "user_id" = "user_id" WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "speciality_services_follow_user" AFTER UPDATE OF "rating", "reviews_count", "district_ids", "deleted_at", "accepts_orders" ON "users"
  FOR EACH ROW
  WHEN (OLD."rating" IS DISTINCT FROM NEW."rating" OR OLD."reviews_count" IS DISTINCT FROM NEW."reviews_count"
        OR OLD."district_ids" IS DISTINCT FROM NEW."district_ids" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at"
        OR OLD."accepts_orders" IS DISTINCT FROM NEW."accepts_orders")
  EXECUTE FUNCTION "speciality_services_follow_user"();--> statement-breakpoint
CREATE FUNCTION "speciality_services_follow_speciality"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "speciality_services" SET "speciality_id" = "speciality_id" WHERE "speciality_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "speciality_services_follow_speciality" AFTER UPDATE OF "active" ON "specialities"
  FOR EACH ROW WHEN (OLD."active" IS DISTINCT FROM NEW."active")
  EXECUTE FUNCTION "speciality_services_follow_speciality"();--> statement-breakpoint
UPDATE "speciality_services" SET "user_id" = "user_id";
