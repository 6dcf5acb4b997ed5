CREATE TABLE "service_coupon_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_coupon_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"coupon_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"discount_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_coupons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount_off_fen" bigint DEFAULT 0 NOT NULL,
	"percent_off" integer DEFAULT 0 NOT NULL,
	"min_spend_fen" bigint DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"total_limit" integer DEFAULT 0 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	CONSTRAINT "service_coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "service_coupons_valid" CHECK (("service_coupons"."kind" = 'amount' and "service_coupons"."amount_off_fen" > 0 or "service_coupons"."kind" = 'percent' and "service_coupons"."percent_off" between 1 and 99)
        and "service_coupons"."valid_until" > "service_coupons"."valid_from" and "service_coupons"."per_user_limit" >= 1 and "service_coupons"."total_limit" >= 0
        and "service_coupons"."used_count" >= 0 and ("service_coupons"."total_limit" = 0 or "service_coupons"."used_count" <= "service_coupons"."total_limit"))
);
--> statement-breakpoint
CREATE TABLE "service_order_deliveries" (
	"order_id" bigint NOT NULL,
	"transfer_id" bigint NOT NULL,
	"work_id" bigint NOT NULL,
	"work_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_order_deliveries_order_id_transfer_id_pk" PRIMARY KEY("order_id","transfer_id")
);
--> statement-breakpoint
CREATE TABLE "service_order_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_order_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"part" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"method" text NOT NULL,
	"payment_order_id" bigint,
	"ledger_reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_order_payments_ledger_reference_unique" UNIQUE("ledger_reference"),
	CONSTRAINT "service_order_payments_amount" CHECK ("service_order_payments"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_order_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"platform_fee_bps" integer DEFAULT 1000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_order_settings_one" CHECK ("service_order_settings"."id" = 1 and "service_order_settings"."platform_fee_bps" between 0 and 5000)
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"provider_id" bigint,
	"requirement_type" text NOT NULL,
	"title" text NOT NULL,
	"phone" text NOT NULL,
	"province_code" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"pricing" text NOT NULL,
	"site_count" integer,
	"area_m2" integer,
	"list_price_fen" bigint NOT NULL,
	"discount_fen" bigint DEFAULT 0 NOT NULL,
	"price_fen" bigint NOT NULL,
	"deposit_fen" bigint NOT NULL,
	"coupon_id" bigint,
	"coupon_code" text,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"appointment_at" timestamp with time zone NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"delivery_note" text DEFAULT '' NOT NULL,
	"platform_fee_fen" bigint,
	"provider_income_fen" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"shot_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"idempotency_key" text,
	"request_fingerprint" text DEFAULT '' NOT NULL,
	CONSTRAINT "service_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "service_orders_money" CHECK ("service_orders"."price_fen" > 0 and "service_orders"."price_fen" = "service_orders"."list_price_fen" - "service_orders"."discount_fen" and "service_orders"."deposit_fen" between 1 and "service_orders"."price_fen"
        and "service_orders"."paid_fen" between 0 and "service_orders"."price_fen" and "service_orders"."refunded_fen" between 0 and "service_orders"."paid_fen"),
	CONSTRAINT "service_orders_provider" CHECK ("service_orders"."status" in ('placed', 'paid', 'cancelled') or "service_orders"."provider_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "service_price_rules" (
	"requirement_type" text PRIMARY KEY NOT NULL,
	"price_per_site_fen" bigint NOT NULL,
	"price_per_m2_fen" bigint NOT NULL,
	"minimum_fen" bigint NOT NULL,
	"deposit_bps" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_price_rules_valid" CHECK ("service_price_rules"."price_per_site_fen" >= 0 and "service_price_rules"."price_per_m2_fen" >= 0 and "service_price_rules"."minimum_fen" >= 0 and "service_price_rules"."deposit_bps" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "signed_providers" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"province_codes" text[] NOT NULL,
	"equipment" text NOT NULL,
	"application_id" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "signed_providers_areas" CHECK (cardinality("signed_providers"."province_codes") > 0)
);
--> statement-breakpoint
CREATE TABLE "signing_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signing_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"applicant_id" bigint NOT NULL,
	"province_codes" text[] NOT NULL,
	"equipment" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"sample_work_ids" bigint[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" bigint
);
--> statement-breakpoint
ALTER TABLE "service_coupon_redemptions" ADD CONSTRAINT "service_coupon_redemptions_coupon_id_service_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."service_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_coupon_redemptions" ADD CONSTRAINT "service_coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_coupon_redemptions" ADD CONSTRAINT "service_coupon_redemptions_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_coupons" ADD CONSTRAINT "service_coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_deliveries" ADD CONSTRAINT "service_order_deliveries_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_payments" ADD CONSTRAINT "service_order_payments_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_coupon_id_service_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."service_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_providers" ADD CONSTRAINT "signed_providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_providers" ADD CONSTRAINT "signed_providers_application_id_signing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."signing_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_applications" ADD CONSTRAINT "signing_applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_applications" ADD CONSTRAINT "signing_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_coupon_redemptions_order" ON "service_coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "service_coupon_redemptions_coupon_id_user_id_index" ON "service_coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "service_coupons_created_at_id_index" ON "service_coupons" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_order_payments_part" ON "service_order_payments" USING btree ("order_id","part");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_idempotency" ON "service_orders" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "service_orders_customer_id_created_at_id_index" ON "service_orders" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "service_orders_provider_id_created_at_id_index" ON "service_orders" USING btree ("provider_id","created_at","id");--> statement-breakpoint
CREATE INDEX "service_orders_open" ON "service_orders" USING btree ("province_code","appointment_at") WHERE "service_orders"."status" = 'paid' and "service_orders"."provider_id" is null;--> statement-breakpoint
CREATE INDEX "service_orders_status_created_at_index" ON "service_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_applications_one_pending" ON "signing_applications" USING btree ("applicant_id") WHERE "signing_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "signing_applications_applicant_id_created_at_index" ON "signing_applications" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "signing_applications_status_created_at_index" ON "signing_applications" USING btree ("status","created_at");