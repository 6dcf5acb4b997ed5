CREATE TABLE "withdrawal_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"payout_account_cooling_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_settings_single_row" CHECK ("withdrawal_settings"."id" = 1),
	CONSTRAINT "withdrawal_settings_cooling" CHECK ("withdrawal_settings"."payout_account_cooling_hours" between 0 and 720)
);
--> statement-breakpoint
INSERT INTO "withdrawal_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
