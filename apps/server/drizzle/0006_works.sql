CREATE TABLE "work_assets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"work_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"work_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sender_id" bigint NOT NULL,
	"receiver_id" bigint NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"work_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "work_transfers_price" CHECK ("work_transfers"."price" >= 0 and ("work_transfers"."kind" = 'sale') = ("work_transfers"."price" > 0))
);
--> statement-breakpoint
CREATE TABLE "work_upload_grants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_upload_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"work_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"max_bytes" bigint NOT NULL,
	"accept" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_upload_grants_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "works" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "works_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'unpublished' NOT NULL,
	"open_in_official" boolean DEFAULT false NOT NULL,
	"market_price" bigint,
	"budget" integer DEFAULT 200 NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"cover_key" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"shop_id" bigint,
	"review_note" text DEFAULT '' NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "works_uid_unique" UNIQUE("uid"),
	CONSTRAINT "works_budget_positive" CHECK ("works"."budget" > 0),
	CONSTRAINT "works_market_price_positive" CHECK ("works"."market_price" is null or "works"."market_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "work_assets" ADD CONSTRAINT "work_assets_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_transfers" ADD CONSTRAINT "work_transfers_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_transfers" ADD CONSTRAINT "work_transfers_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_transfers" ADD CONSTRAINT "work_transfers_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_upload_grants" ADD CONSTRAINT "work_upload_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_upload_grants" ADD CONSTRAINT "work_upload_grants_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_assets_work_id_kind_index" ON "work_assets" USING btree ("work_id","kind");--> statement-breakpoint
CREATE INDEX "work_assets_storage_key_index" ON "work_assets" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "work_transfers_one_pending" ON "work_transfers" USING btree ("work_id") WHERE "work_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "work_transfers_receiver_id_created_at_id_index" ON "work_transfers" USING btree ("receiver_id","created_at","id");--> statement-breakpoint
CREATE INDEX "work_transfers_sender_id_created_at_id_index" ON "work_transfers" USING btree ("sender_id","created_at","id");--> statement-breakpoint
CREATE INDEX "work_transfers_pending_expiry" ON "work_transfers" USING btree ("expires_at") WHERE "work_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "works_owner_live_idx" ON "works" USING btree ("owner_id","created_at","id") WHERE "works"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "works_owner_deleted_idx" ON "works" USING btree ("owner_id","deleted_at") WHERE "works"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "works_search_grams_idx" ON "works" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "works_status_idx" ON "works" USING btree ("status") WHERE "works"."status" in ('unaudited', 'underReview');