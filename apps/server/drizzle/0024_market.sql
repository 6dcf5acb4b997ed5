CREATE TABLE "market_listings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"work_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"price_fen" bigint NOT NULL,
	"licence" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"off_reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" bigint,
	"listed_at" timestamp with time zone,
	"sales" integer DEFAULT 0 NOT NULL,
	"work_uid" text NOT NULL,
	"work_name" text NOT NULL,
	"work_type" text NOT NULL,
	"work_description" text DEFAULT '' NOT NULL,
	"cover_key" text DEFAULT '' NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_listings_price_positive" CHECK ("market_listings"."price_fen" > 0),
	CONSTRAINT "market_listings_sales" CHECK ("market_listings"."sales" >= 0)
);
--> statement-breakpoint
CREATE TABLE "market_purchases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"listing_id" bigint NOT NULL,
	"work_id" bigint,
	"buyer_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"licence" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"price_fen" bigint NOT NULL,
	"fee_fen" bigint NOT NULL,
	"income_fen" bigint NOT NULL,
	"paid_from_balance_fen" bigint NOT NULL,
	"paid_by_provider_fen" bigint DEFAULT 0 NOT NULL,
	"provider" text,
	"payment_order_id" bigint,
	"copy_work_id" bigint,
	"work_uid" text NOT NULL,
	"work_name" text NOT NULL,
	"work_type" text NOT NULL,
	"cover_key" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"request_fingerprint" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	"refund_reason" text DEFAULT '' NOT NULL,
	"refunded_by" bigint,
	"refund_idempotency_key" text,
	CONSTRAINT "market_purchases_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "market_purchases_money" CHECK ("market_purchases"."price_fen" > 0 and "market_purchases"."fee_fen" >= 0 and "market_purchases"."fee_fen" <= "market_purchases"."price_fen" and "market_purchases"."income_fen" = "market_purchases"."price_fen" - "market_purchases"."fee_fen"),
	CONSTRAINT "market_purchases_paid" CHECK ("market_purchases"."paid_from_balance_fen" >= 0 and "market_purchases"."paid_by_provider_fen" >= 0 and "market_purchases"."paid_from_balance_fen" + "market_purchases"."paid_by_provider_fen" = "market_purchases"."price_fen")
);
--> statement-breakpoint
CREATE TABLE "market_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"refund_window_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "market_settings_one_row" CHECK ("market_settings"."id" = 1),
	CONSTRAINT "market_settings_fee" CHECK ("market_settings"."fee_basis_points" between 0 and 10000),
	CONSTRAINT "market_settings_window" CHECK ("market_settings"."refund_window_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_purchases" ADD CONSTRAINT "market_purchases_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_purchases" ADD CONSTRAINT "market_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_purchases" ADD CONSTRAINT "market_purchases_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_purchases" ADD CONSTRAINT "market_purchases_copy_work_id_works_id_fk" FOREIGN KEY ("copy_work_id") REFERENCES "public"."works"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_purchases" ADD CONSTRAINT "market_purchases_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_settings" ADD CONSTRAINT "market_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_listings_work" ON "market_listings" USING btree ("work_id");--> statement-breakpoint
CREATE INDEX "market_listings_seller" ON "market_listings" USING btree ("seller_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "market_listings_search_grams" ON "market_listings" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "market_listings_newest" ON "market_listings" USING btree ("listed_at","id") WHERE "market_listings"."status" = 'onMarket';--> statement-breakpoint
CREATE INDEX "market_listings_price" ON "market_listings" USING btree ("price_fen","id") WHERE "market_listings"."status" = 'onMarket';--> statement-breakpoint
CREATE INDEX "market_listings_popular" ON "market_listings" USING btree ("sales","id") WHERE "market_listings"."status" = 'onMarket';--> statement-breakpoint
CREATE INDEX "market_listings_review" ON "market_listings" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_purchases_one_per_buyer" ON "market_purchases" USING btree ("listing_id","buyer_id") WHERE "market_purchases"."status" = 'completed';--> statement-breakpoint
CREATE UNIQUE INDEX "market_purchases_idempotency" ON "market_purchases" USING btree ("buyer_id","idempotency_key") WHERE "market_purchases"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "market_purchases_buyer" ON "market_purchases" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "market_purchases_seller" ON "market_purchases" USING btree ("seller_id","created_at","id");