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
ALTER TABLE "follow_counts" ADD CONSTRAINT "follow_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_follower_id" ON "follows" USING btree ("follower_id","id");--> statement-breakpoint
CREATE INDEX "follows_followee_id" ON "follows" USING btree ("followee_id","id");