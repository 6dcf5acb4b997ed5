CREATE TABLE "deferred_storage_deletions" (
	"key" text NOT NULL,
	"folder" boolean NOT NULL,
	"stored_at" timestamp (3) with time zone,
	"deferred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deferred_storage_deletions_key_folder_pk" PRIMARY KEY("key","folder")
);
--> statement-breakpoint
CREATE TABLE "storage_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
