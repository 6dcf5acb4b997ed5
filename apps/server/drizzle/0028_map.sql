CREATE TABLE "map_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"attribution" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "map_settings_one_row" CHECK ("map_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "map_settings" ADD CONSTRAINT "map_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "works_location_idx" ON "works" USING btree ("longitude","latitude") WHERE "works"."latitude" is not null and "works"."deleted_at" is null;