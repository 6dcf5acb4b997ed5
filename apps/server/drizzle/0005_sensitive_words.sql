CREATE TABLE "sensitive_words" (
	"word" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A sensible default: illegal goods and services, gambling, fraud and sexual services, in Chinese and English.
-- Operators extend it in the table; matching ignores case, width and spaces (moderation.service.ts).
INSERT INTO "sensitive_words" ("word") VALUES
  ('赌博'), ('博彩'), ('赌场'), ('六合彩'), ('时时彩'),
  ('毒品'), ('冰毒'), ('海洛因'), ('大麻'), ('摇头丸'), ('可卡因'),
  ('色情'), ('卖淫'), ('嫖娼'), ('援交'), ('裸聊'),
  ('枪支'), ('弹药'), ('炸药'), ('爆炸物'),
  ('代开发票'), ('假证'), ('办证'), ('洗钱'), ('传销'), ('诈骗'), ('套现'),
  ('gambling'), ('casino'), ('cocaine'), ('heroin'), ('methamphetamine'), ('porn'), ('escort service'),
  ('counterfeit'), ('money laundering'), ('firearms for sale')
ON CONFLICT DO NOTHING;
