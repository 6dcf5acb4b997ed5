CREATE TABLE "work_processing" (
	"work_id" bigint PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"stage" text,
	"progress" real DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"failure_file" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_id" text,
	"lease_job_id" text,
	"lease_until" timestamp with time zone,
	"run_scenes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_run_id" text,
	"published_scenes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_processing_progress_range" CHECK ("work_processing"."progress" >= 0 and "work_processing"."progress" <= 1)
);
--> statement-breakpoint
CREATE TABLE "work_tours" (
	"work_id" bigint PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_traffic_daily" (
	"work_id" bigint NOT NULL,
	"day" date NOT NULL,
	"owner_id" bigint NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "work_traffic_daily_work_id_day_owner_id_pk" PRIMARY KEY("work_id","day","owner_id")
);
--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "views" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_processing" ADD CONSTRAINT "work_processing_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_tours" ADD CONSTRAINT "work_tours_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_traffic_daily" ADD CONSTRAINT "work_traffic_daily_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_processing_running_idx" ON "work_processing" USING btree ("lease_until") WHERE "work_processing"."state" = 'running';--> statement-breakpoint
CREATE INDEX "work_traffic_daily_owner_id_day_index" ON "work_traffic_daily" USING btree ("owner_id","day");