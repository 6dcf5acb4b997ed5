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
ALTER TABLE "site_page_versions" ADD CONSTRAINT "site_page_versions_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_page_versions" ADD CONSTRAINT "site_page_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_page_versions_number" ON "site_page_versions" USING btree ("kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "site_page_versions_one_draft" ON "site_page_versions" USING btree ("kind") WHERE "site_page_versions"."status" = 'draft';