CREATE TABLE "profile_promotions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "profile_promotions_range" CHECK ("profile_promotions"."starts_at" <= "profile_promotions"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "profile_promotions" ADD CONSTRAINT "profile_promotions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_promotions_running" ON "profile_promotions" USING btree ("ends_at","user_id");