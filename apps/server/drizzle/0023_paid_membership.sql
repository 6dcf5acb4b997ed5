CREATE TABLE "membership_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"version_id" bigint NOT NULL,
	"membership_id" bigint NOT NULL,
	"months" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"method" text NOT NULL,
	"payment_order_id" bigint,
	"ledger_reference" text NOT NULL,
	"period_starts_at" timestamp with time zone NOT NULL,
	"period_ends_at" timestamp with time zone NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"request_fingerprint" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_payments_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "membership_payments_payment_order_id_unique" UNIQUE("payment_order_id"),
	CONSTRAINT "membership_payments_ledger_reference_unique" UNIQUE("ledger_reference")
);
--> statement-breakpoint
ALTER TABLE "user_memberships" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_memberships" ADD COLUMN "reminded_days" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "user_memberships" ADD COLUMN "grace_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_memberships" ADD COLUMN "auto_renew_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "subject_id" bigint;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_version_id_membership_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."membership_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_membership_id_user_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."user_memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_payments_user_id_created_at_id_index" ON "membership_payments" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_payments_idempotency_key" ON "membership_payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_orders_unfulfilled" ON "payment_orders" USING btree ("paid_at") WHERE "payment_orders"."status" = 'paid' and "payment_orders"."kind" <> 'flowRecharge' and "payment_orders"."fulfilled_at" is null;