CREATE TABLE "work_measurements" (
	"work_id" bigint PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"measurements" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_processing" ADD COLUMN "run_output" jsonb;--> statement-breakpoint
ALTER TABLE "work_processing" ADD COLUMN "published_output" jsonb;--> statement-breakpoint
ALTER TABLE "work_processing" ADD COLUMN "points_done" bigint;--> statement-breakpoint
ALTER TABLE "work_processing" ADD COLUMN "points_total" bigint;--> statement-breakpoint
ALTER TABLE "work_measurements" ADD CONSTRAINT "work_measurements_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;