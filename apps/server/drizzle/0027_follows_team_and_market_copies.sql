CREATE TABLE "follow_counts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"follows" integer DEFAULT 0 NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "follow_counts_not_negative" CHECK (follows >= 0 and fans >= 0)
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"follower_id" bigint NOT NULL,
	"followee_id" bigint NOT NULL,
	"remark_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_pair" UNIQUE("follower_id","followee_id"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_id" <> "follows"."followee_id")
);
--> statement-breakpoint
CREATE TABLE "team_counts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"first_count" integer DEFAULT 0 NOT NULL,
	"second_count" integer DEFAULT 0 NOT NULL,
	"reward_fen" bigint DEFAULT 0 NOT NULL,
	"pending_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_counts_not_negative" CHECK ("team_counts"."first_count" >= 0 and "team_counts"."second_count" >= 0 and "team_counts"."reward_fen" >= 0 and "team_counts"."pending_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "team_daily" (
	"user_id" bigint NOT NULL,
	"day" text NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_daily_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "team_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"source" text NOT NULL,
	"payer_user_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"paid_fen" bigint NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_payments_amounts" CHECK ("team_payments"."paid_fen" > 0 and "team_payments"."refunded_fen" between 0 and "team_payments"."paid_fen")
);
--> statement-breakpoint
CREATE TABLE "team_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"payment_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_refunds_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "team_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" bigint NOT NULL,
	"level" smallint NOT NULL,
	"beneficiary_user_id" bigint NOT NULL,
	"payer_user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"basis_points" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_rewards_level" CHECK ("team_rewards"."level" in (1, 2)),
	CONSTRAINT "team_rewards_amount" CHECK ("team_rewards"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "team_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"first_level_basis_points" integer NOT NULL,
	"second_level_basis_points" integer NOT NULL,
	"pending_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "team_settings_one_row" CHECK ("team_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "follow_counts" ADD CONSTRAINT "follow_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_counts" ADD CONSTRAINT "team_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_daily" ADD CONSTRAINT "team_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_payments" ADD CONSTRAINT "team_payments_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_refunds" ADD CONSTRAINT "team_refunds_payment_id_team_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."team_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rewards" ADD CONSTRAINT "team_rewards_payment_id_team_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."team_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rewards" ADD CONSTRAINT "team_rewards_beneficiary_user_id_users_id_fk" FOREIGN KEY ("beneficiary_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rewards" ADD CONSTRAINT "team_rewards_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_settings" ADD CONSTRAINT "team_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_follower_id" ON "follows" USING btree ("follower_id","id");--> statement-breakpoint
CREATE INDEX "follows_followee_id" ON "follows" USING btree ("followee_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_payments_reference" ON "team_payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "team_rewards_one_per_level" ON "team_rewards" USING btree ("payment_id","level");--> statement-breakpoint
CREATE INDEX "team_rewards_by_beneficiary" ON "team_rewards" USING btree ("beneficiary_user_id","kind","paid_at","id");--> statement-breakpoint
CREATE INDEX "team_rewards_by_payer" ON "team_rewards" USING btree ("beneficiary_user_id","payer_user_id");--> statement-breakpoint
CREATE INDEX "team_rewards_due" ON "team_rewards" USING btree ("release_at") WHERE "team_rewards"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "market_purchases_copy" ON "market_purchases" USING btree ("copy_work_id") WHERE "market_purchases"."copy_work_id" is not null;