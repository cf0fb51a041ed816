CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"order_id" integer,
	"profile_id" integer,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "reports_one_item" CHECK (("reports"."kind" = 'order' and "reports"."order_id" is not null and "reports"."profile_id" is null)
        or ("reports"."kind" = 'profile' and "reports"."profile_id" is not null and "reports"."order_id" is null)),
	CONSTRAINT "reports_status_value" CHECK ("reports"."status" in ('pending', 'dismissed', 'actioned')),
	CONSTRAINT "reports_text_length" CHECK (char_length("reports"."text") <= 500)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_profile_id_users_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_order_once" ON "reports" USING btree ("order_id","reporter_id") WHERE "reports"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_profile_once" ON "reports" USING btree ("profile_id","reporter_id") WHERE "reports"."profile_id" is not null;--> statement-breakpoint
CREATE INDEX "reports_pending" ON "reports" USING btree ("created_at","id") WHERE "reports"."status" = 'pending';--> statement-breakpoint
-- A profile a moderator hid leaves the specialists list: its service lines stop being listed (migration 0012's copy,
-- now also reading users.hidden_at), and hiding or showing it again rewrites them as any other change of the user.
CREATE OR REPLACE FUNCTION "speciality_services_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT NEW."active" AND sp."active" AND u."deleted_at" IS NULL AND u."hidden_at" IS NULL AND u."accepts_orders",
         u."rating", u."reviews_count", u."district_ids"
    INTO NEW."listed", NEW."user_rating", NEW."user_reviews_count", NEW."user_district_ids"
    FROM "users" u, "specialities" sp
    WHERE u."id" = NEW."user_id" AND sp."id" = NEW."speciality_id";
  NEW."listed" := coalesce(NEW."listed", false);
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "speciality_services_follow_user" ON "users";--> statement-breakpoint
CREATE TRIGGER "speciality_services_follow_user" AFTER UPDATE OF "rating", "reviews_count", "district_ids", "deleted_at", "accepts_orders", "hidden_at" ON "users"
  FOR EACH ROW
  WHEN (OLD."rating" IS DISTINCT FROM NEW."rating" OR OLD."reviews_count" IS DISTINCT FROM NEW."reviews_count"
        OR OLD."district_ids" IS DISTINCT FROM NEW."district_ids" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at"
        OR OLD."accepts_orders" IS DISTINCT FROM NEW."accepts_orders" OR OLD."hidden_at" IS DISTINCT FROM NEW."hidden_at")
  EXECUTE FUNCTION "speciality_services_follow_user"();
