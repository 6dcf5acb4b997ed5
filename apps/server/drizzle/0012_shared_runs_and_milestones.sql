CREATE TABLE "server_milestones" (
	"name" text PRIMARY KEY NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_processing" ADD COLUMN "published_from_uid" text;--> statement-breakpoint
CREATE INDEX "work_processing_shared_idx" ON "work_processing" USING btree ("published_from_uid") WHERE "work_processing"."published_from_uid" is not null;--> statement-breakpoint
-- A platform already in use (it has works, or the demo account of an earlier first start) is past its demo seeding.
INSERT INTO "server_milestones" ("name") SELECT 'demo-works-seeded' WHERE EXISTS (SELECT 1 FROM "works") OR EXISTS (SELECT 1 FROM "users" WHERE "phone" = '13900000000');
