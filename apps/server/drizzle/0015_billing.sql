CREATE TABLE "billed_days" (
	"day" date PRIMARY KEY NOT NULL,
	"owners" integer NOT NULL,
	"runs" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_owners" (
	"owner_id" bigint PRIMARY KEY NOT NULL,
	"low_balance_sent" boolean DEFAULT false NOT NULL,
	"paused_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_prices" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"request_fen_per_10k" integer NOT NULL,
	"gb_fen" integer NOT NULL,
	"lease_month_fen" integer NOT NULL,
	"low_balance_fen" bigint NOT NULL,
	"grace_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_prices_single_row" CHECK ("billing_prices"."id" = 1),
	CONSTRAINT "billing_prices_valid" CHECK ("billing_prices"."request_fen_per_10k" >= 0 and "billing_prices"."gb_fen" >= 0 and "billing_prices"."lease_month_fen" > 0 and "billing_prices"."low_balance_fen" >= 0 and "billing_prices"."grace_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "budget_holds" (
	"work_id" bigint PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_periods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lease_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"months" integer NOT NULL,
	"price_fen" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_periods_valid" CHECK ("lease_periods"."months" > 0 and "lease_periods"."price_fen" > 0 and "lease_periods"."ends_at" > "lease_periods"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "traffic_bills" (
	"owner_id" bigint NOT NULL,
	"day" date NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"request_cost_fen" bigint NOT NULL,
	"traffic_cost_fen" bigint NOT NULL,
	"cost_fen" bigint NOT NULL,
	"covered_by_lease" boolean DEFAULT false NOT NULL,
	"charged_fen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traffic_bills_owner_id_day_pk" PRIMARY KEY("owner_id","day"),
	CONSTRAINT "traffic_bills_charged" CHECK ("traffic_bills"."charged_fen" between 0 and "traffic_bills"."cost_fen")
);
--> statement-breakpoint
ALTER TABLE "billing_owners" ADD CONSTRAINT "billing_owners_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_holds" ADD CONSTRAINT "budget_holds_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_periods" ADD CONSTRAINT "lease_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_bills" ADD CONSTRAINT "traffic_bills_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_periods_user_id_ends_at_index" ON "lease_periods" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_periods_idempotency_key" ON "lease_periods" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "traffic_bills_unpaid" ON "traffic_bills" USING btree ("owner_id","day") WHERE "traffic_bills"."charged_fen" < "traffic_bills"."cost_fen";--> statement-breakpoint
CREATE INDEX "work_traffic_daily_day_index" ON "work_traffic_daily" USING btree ("day");--> statement-breakpoint
-- Starting prices (docs/billing.md): ¥0.50 per 10,000 requests, ¥0.80 per GB, ¥30 a month of lease time, a notice below ¥10, 3 days' grace.
INSERT INTO "billing_prices" ("id", "request_fen_per_10k", "gb_fen", "lease_month_fen", "low_balance_fen", "grace_days") VALUES (1, 50, 80, 3000, 1000, 3);
