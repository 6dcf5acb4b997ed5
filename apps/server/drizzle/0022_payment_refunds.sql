CREATE TABLE "payment_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refund_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"transaction_id" text NOT NULL,
	"origin" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"requested_by" bigint,
	"idempotency_key" text,
	"provider_refund_id" text,
	"reverses_booking" boolean DEFAULT true NOT NULL,
	"succeeded_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_refund_no_unique" UNIQUE("refund_no"),
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"refund_no" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refunded_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refund_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_order_id_index" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_idempotency_key" ON "payment_refunds" USING btree ("requested_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_pending" ON "payment_refunds" USING btree ("created_at") WHERE "payment_refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_orders_paid_refund_check" ON "payment_orders" USING btree ("paid_at") WHERE "payment_orders"."status" = 'paid';--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_refunded" CHECK ("payment_orders"."refunded_fen" between 0 and "payment_orders"."amount_fen");