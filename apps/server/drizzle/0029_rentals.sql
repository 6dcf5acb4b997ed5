CREATE TABLE "rental_listings" (
	"work_id" bigint PRIMARY KEY NOT NULL,
	"rent_fen" bigint NOT NULL,
	"area" double precision NOT NULL,
	"bedrooms" integer NOT NULL,
	"living_rooms" integer NOT NULL,
	"bathrooms" integer NOT NULL,
	"floor" integer,
	"total_floors" integer,
	"address" text NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"listed_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_listings_rent_positive" CHECK ("rental_listings"."rent_fen" > 0),
	CONSTRAINT "rental_listings_area_positive" CHECK ("rental_listings"."area" > 0),
	CONSTRAINT "rental_listings_rooms" CHECK ("rental_listings"."bedrooms" >= 0 and "rental_listings"."living_rooms" >= 0 and "rental_listings"."bathrooms" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rental_listings" ADD CONSTRAINT "rental_listings_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_listings_rent" ON "rental_listings" USING btree ("rent_fen","work_id") WHERE "rental_listings"."listed";--> statement-breakpoint
CREATE INDEX "rental_listings_newest" ON "rental_listings" USING btree ("listed_at","work_id") WHERE "rental_listings"."listed";