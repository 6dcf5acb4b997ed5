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
ALTER TABLE "narration_scenes" ADD CONSTRAINT "narration_scenes_narration_id_narrations_id_fk" FOREIGN KEY ("narration_id") REFERENCES "public"."narrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "narrations" ADD CONSTRAINT "narrations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "narrations" ADD CONSTRAINT "narrations_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "narrations_work_language" ON "narrations" USING btree ("work_id","language");--> statement-breakpoint
CREATE INDEX "narrations_owner_updated" ON "narrations" USING btree ("owner_id","updated_at");