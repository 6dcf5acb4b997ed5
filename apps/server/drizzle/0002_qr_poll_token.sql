ALTER TABLE "qr_login_tickets" ADD COLUMN "poll_token_hash" text;--> statement-breakpoint
ALTER TABLE "qr_login_tickets" ADD COLUMN "client_user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_login_tickets" ADD COLUMN "client_ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_login_tickets" ADD CONSTRAINT "qr_login_tickets_poll_token_hash_unique" UNIQUE("poll_token_hash");