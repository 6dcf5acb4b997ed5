CREATE TABLE "space_works" (
	"space_id" bigint NOT NULL,
	"work_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_works_space_id_work_id_pk" PRIMARY KEY("space_id","work_id")
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spaces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"template_code" text NOT NULL,
	"visibility" text NOT NULL,
	"access_code_hash" text,
	"website" text,
	"brand_color" text,
	"contact_phone" text,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "spaces_code_iff_private" CHECK (("spaces"."visibility" = 'private') = ("spaces"."access_code_hash" is not null)),
	CONSTRAINT "spaces_website_enterprise" CHECK ("spaces"."website" is null or "spaces"."kind" = 'enterprise'),
	CONSTRAINT "spaces_location_pair" CHECK (("spaces"."latitude" is null) = ("spaces"."longitude" is null))
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "flow" text DEFAULT 'native' NOT NULL;--> statement-breakpoint
ALTER TABLE "space_works" ADD CONSTRAINT "space_works_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_works" ADD CONSTRAINT "space_works_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "space_works_work" ON "space_works" USING btree ("work_id");--> statement-breakpoint
CREATE UNIQUE INDEX "spaces_uid" ON "spaces" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "spaces_website" ON "spaces" USING btree ("website");--> statement-breakpoint
CREATE INDEX "spaces_owner_live" ON "spaces" USING btree ("owner_id","created_at","id") WHERE "spaces"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "works_public_updated_idx" ON "works" USING btree ("updated_at" DESC NULLS LAST) WHERE "works"."status" <> 'unpublished' and "works"."deleted_at" is null;