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
ALTER TABLE "brand_showcase_works" ADD CONSTRAINT "brand_showcase_works_showcase_id_brand_showcases_id_fk" FOREIGN KEY ("showcase_id") REFERENCES "public"."brand_showcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_showcase_works" ADD CONSTRAINT "brand_showcase_works_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_showcases" ADD CONSTRAINT "brand_showcases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_leads" ADD CONSTRAINT "landing_leads_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_leads" ADD CONSTRAINT "landing_leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_showcase_id_brand_showcases_id_fk" FOREIGN KEY ("showcase_id") REFERENCES "public"."brand_showcases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_showcase_works_work" ON "brand_showcase_works" USING btree ("work_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_showcases_public_id" ON "brand_showcases" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "brand_showcases_owner" ON "brand_showcases" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "landing_leads_owner" ON "landing_leads" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "landing_leads_page" ON "landing_leads" USING btree ("landing_page_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_public_id" ON "landing_pages" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "landing_pages_owner" ON "landing_pages" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "landing_pages_showcase" ON "landing_pages" USING btree ("showcase_id");