CREATE TABLE "wechat_payers" (
	"user_id" bigint NOT NULL,
	"app_id" text NOT NULL,
	"open_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wechat_payers_user_id_app_id_pk" PRIMARY KEY("user_id","app_id")
);
--> statement-breakpoint
ALTER TABLE "wechat_payers" ADD CONSTRAINT "wechat_payers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;