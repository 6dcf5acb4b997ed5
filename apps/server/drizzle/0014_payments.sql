CREATE TABLE "flow_recharge_plans" (
	"months" integer PRIMARY KEY NOT NULL,
	"fee_fen" bigint NOT NULL,
	CONSTRAINT "flow_recharge_plans_valid" CHECK ("flow_recharge_plans"."months" between 1 and 36 and "flow_recharge_plans"."fee_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_fen" bigint NOT NULL,
	"months" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"code_url" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"request_fingerprint" text DEFAULT '' NOT NULL,
	"provider_transaction_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "payment_orders_amount" CHECK ("payment_orders"."amount_fen" > 0),
	CONSTRAINT "payment_orders_paid" CHECK (("payment_orders"."status" = 'paid') = ("payment_orders"."provider_transaction_id" is not null and "payment_orders"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"order_no" text PRIMARY KEY NOT NULL,
	"amount_fen" bigint NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"transaction_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_orders_user_id_created_at_id_index" ON "payment_orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_transaction" ON "payment_orders" USING btree ("provider","provider_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_idempotency_key" ON "payment_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_orders_pending" ON "payment_orders" USING btree ("created_at") WHERE "payment_orders"."status" = 'pending';--> statement-breakpoint
-- The flow recharge price list (docs/payments.md): longer plans cost less a month.
INSERT INTO "flow_recharge_plans" ("months", "fee_fen") VALUES (1, 3000), (3, 8500), (6, 16000), (12, 30000);
