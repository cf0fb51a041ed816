CREATE TABLE "auth_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"phone" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token_families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"ip" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"type" text DEFAULT 'customer' NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"patronymic" text,
	"email" text,
	"password_hash" text NOT NULL,
	"avatar" text,
	"avatar_thumb" text,
	"photo" text,
	"birthday" date,
	"gender" text DEFAULT 'not_specified' NOT NULL,
	"address" text,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" real DEFAULT 0 NOT NULL,
	"reviews_count" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"verification" smallint DEFAULT 0 NOT NULL,
	"accepts_orders" boolean DEFAULT true NOT NULL,
	"looking_for_internship" boolean DEFAULT false NOT NULL,
	"works_remotely" boolean DEFAULT false NOT NULL,
	"accepts_at_own_place" boolean DEFAULT false NOT NULL,
	"telegram_id" text,
	"telegram_notifications" boolean DEFAULT false NOT NULL,
	"email_notifications" boolean DEFAULT false NOT NULL,
	"discount_percent" smallint DEFAULT 0 NOT NULL,
	"discount_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_slug_unique" UNIQUE("slug"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone"),
	CONSTRAINT "users_phone_format" CHECK ("users"."phone" ~ '^998[0-9]{9}$'),
	CONSTRAINT "users_type_value" CHECK ("users"."type" in ('customer', 'executor')),
	CONSTRAINT "users_verification_range" CHECK ("users"."verification" between 0 and 3),
	CONSTRAINT "users_discount_range" CHECK ("users"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD CONSTRAINT "refresh_token_families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_refresh_token_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."refresh_token_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_failures_phone" ON "auth_failures" USING btree ("kind","phone","created_at");--> statement-breakpoint
CREATE INDEX "auth_failures_ip" ON "auth_failures" USING btree ("kind","ip","created_at");--> statement-breakpoint
CREATE INDEX "refresh_token_families_user" ON "refresh_token_families" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "sms_verifications_phone_created" ON "sms_verifications" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_verifications_ip_created" ON "sms_verifications" USING btree ("ip","created_at");