-- Proposed services and hidden reviews in the moderation console (docs/decisions/030-proposed-services-and-hidden-reviews.md): a review a moderator hid
-- keeps its row, with when, why and by whom; the queue of proposals and the list of reviews read newest or oldest
-- first from an index each.
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_pending" ON "services" USING btree ("created_at","id") WHERE "services"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reviews_created" ON "reviews" USING btree ("created_at","id");