CREATE TABLE "articles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cover_key" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"content" jsonb NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"author_id" bigint,
	"author_name" text DEFAULT '' NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_title" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_published_has_time" CHECK ("articles"."state" <> 'published' or "articles"."publish_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "brand_showcase_works" (
	"showcase_id" bigint NOT NULL,
	"work_id" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "brand_showcase_works_showcase_id_work_id_pk" PRIMARY KEY("showcase_id","work_id")
);
--> statement-breakpoint
CREATE TABLE "brand_showcases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brand_showcases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"brand_name" text NOT NULL,
	"logo_key" text DEFAULT '' NOT NULL,
	"brand_colour" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"visit_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_leads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landing_leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"landing_page_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_pages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landing_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"work_id" bigint,
	"showcase_id" bigint,
	"headline" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"cta_label" text NOT NULL,
	"lead_fields" text[] NOT NULL,
	"consent_text" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_pages_one_target" CHECK (("landing_pages"."work_id" is null) <> ("landing_pages"."showcase_id" is null))
);
--> statement-breakpoint
CREATE TABLE "map_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"attribution" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "map_settings_one_row" CHECK ("map_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "narration_scenes" (
	"narration_id" bigint NOT NULL,
	"scene_id" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"audio_key" text,
	"audio_type" text,
	"audio_bytes" integer,
	"audio_duration_ms" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "narration_scenes_narration_id_scene_id_pk" PRIMARY KEY("narration_id","scene_id")
);
--> statement-breakpoint
CREATE TABLE "narrations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "narrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" bigint NOT NULL,
	"work_id" bigint NOT NULL,
	"title" text NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"auto_advance" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_listings" (
	"work_id" bigint PRIMARY KEY NOT NULL,
	"rent_fen" bigint NOT NULL,
	"area" double precision NOT NULL,
	"bedrooms" integer NOT NULL,
	"living_rooms" integer NOT NULL,
	"bathrooms" integer NOT NULL,
	"floor" integer,
	"total_floors" integer,
	"address" text NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"listed_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_listings_rent_positive" CHECK ("rental_listings"."rent_fen" > 0),
	CONSTRAINT "rental_listings_area_positive" CHECK ("rental_listings"."area" > 0),
	CONSTRAINT "rental_listings_rooms" CHECK ("rental_listings"."bedrooms" >= 0 and "rental_listings"."living_rooms" >= 0 and "rental_listings"."bathrooms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "site_page_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_page_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"content" jsonb NOT NULL,
	"restored_from" integer,
	"edited_by" bigint,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" bigint,
	"published_at" timestamp with time zone,
	CONSTRAINT "site_page_versions_published_at" CHECK (("site_page_versions"."status" = 'published') = ("site_page_versions"."published_at" is not null)),
	CONSTRAINT "site_page_versions_positive" CHECK ("site_page_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "alipay_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"real_name" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"alipay_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_showcase_works" ADD CONSTRAINT "brand_showcase_works_showcase_id_brand_showcases_id_fk" FOREIGN KEY ("showcase_id") REFERENCES "public"."brand_showcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_showcase_works" ADD CONSTRAINT "brand_showcase_works_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_showcases" ADD CONSTRAINT "brand_showcases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_leads" ADD CONSTRAINT "landing_leads_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_leads" ADD CONSTRAINT "landing_leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_showcase_id_brand_showcases_id_fk" FOREIGN KEY ("showcase_id") REFERENCES "public"."brand_showcases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_settings" ADD CONSTRAINT "map_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "narration_scenes" ADD CONSTRAINT "narration_scenes_narration_id_narrations_id_fk" FOREIGN KEY ("narration_id") REFERENCES "public"."narrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "narrations" ADD CONSTRAINT "narrations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "narrations" ADD CONSTRAINT "narrations_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_listings" ADD CONSTRAINT "rental_listings_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_page_versions" ADD CONSTRAINT "site_page_versions_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_page_versions" ADD CONSTRAINT "site_page_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alipay_authorizations" ADD CONSTRAINT "alipay_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_public_idx" ON "articles" USING btree ("category","sort","publish_at") WHERE "articles"."state" = 'published';--> statement-breakpoint
CREATE INDEX "articles_search_grams_idx" ON "articles" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "brand_showcase_works_work" ON "brand_showcase_works" USING btree ("work_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_showcases_public_id" ON "brand_showcases" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "brand_showcases_owner" ON "brand_showcases" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "landing_leads_owner" ON "landing_leads" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "landing_leads_page" ON "landing_leads" USING btree ("landing_page_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_public_id" ON "landing_pages" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "landing_pages_owner" ON "landing_pages" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "landing_pages_showcase" ON "landing_pages" USING btree ("showcase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "narrations_work_language" ON "narrations" USING btree ("work_id","language");--> statement-breakpoint
CREATE INDEX "narrations_owner_updated" ON "narrations" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "rental_listings_rent" ON "rental_listings" USING btree ("rent_fen","work_id") WHERE "rental_listings"."listed";--> statement-breakpoint
CREATE INDEX "rental_listings_newest" ON "rental_listings" USING btree ("listed_at","work_id") WHERE "rental_listings"."listed";--> statement-breakpoint
CREATE UNIQUE INDEX "site_page_versions_number" ON "site_page_versions" USING btree ("kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "site_page_versions_one_draft" ON "site_page_versions" USING btree ("kind") WHERE "site_page_versions"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "alipay_authorizations_user_id_created_at_index" ON "alipay_authorizations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_alipay_user_id" ON "payout_accounts" USING btree ("account") WHERE "payout_accounts"."channel" = 'alipay' and "payout_accounts"."account" ~ '^2088[0-9]{12}$';--> statement-breakpoint
CREATE INDEX "works_location_idx" ON "works" USING btree ("longitude","latitude") WHERE "works"."latitude" is not null and "works"."deleted_at" is null;