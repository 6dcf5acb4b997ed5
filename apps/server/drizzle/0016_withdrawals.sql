CREATE TABLE "payout_accounts" (
	"user_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"account" text NOT NULL,
	"real_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_user_id_channel_pk" PRIMARY KEY("user_id","channel")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"payout_no" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"state" text NOT NULL,
	"reference" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"withdrawal_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"channel" text NOT NULL,
	"account" text NOT NULL,
	"real_name" text NOT NULL,
	"status" text DEFAULT 'reviewing' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"reviewer_id" bigint,
	"reviewed_at" timestamp with time zone,
	"provider" text,
	"provider_reference" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"idempotency_key" text,
	"request_fingerprint" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_withdrawal_no_unique" UNIQUE("withdrawal_no"),
	CONSTRAINT "withdrawals_amount" CHECK ("withdrawals"."amount_fen" > 0),
	CONSTRAINT "withdrawals_paid" CHECK (("withdrawals"."status" = 'paid') = ("withdrawals"."paid_at" is not null)),
	CONSTRAINT "withdrawals_decided" CHECK ("withdrawals"."status" = 'reviewing' or "withdrawals"."reviewed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_user_id_created_at_id_index" ON "withdrawals" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_idempotency_key" ON "withdrawals" USING btree ("user_id","idempotency_key");