ALTER TABLE "withdrawals" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "error_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_stuck_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payee_confirmation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payee_confirmation_until" timestamp with time zone;