CREATE TABLE "cabin_seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cabin_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"nightly_rate" integer NOT NULL,
	CONSTRAINT "cabin_seasons_range_check" CHECK ("cabin_seasons"."ends_on" > "cabin_seasons"."starts_on"),
	CONSTRAINT "cabin_seasons_rate_check" CHECK ("cabin_seasons"."nightly_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "cabins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"accommodation_type" text NOT NULL,
	"description" text NOT NULL,
	"population" text NOT NULL,
	"state" text NOT NULL,
	"place_key" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"min_occupancy" integer NOT NULL,
	"max_occupancy" integer NOT NULL,
	"bedrooms" integer NOT NULL,
	"beds" integer NOT NULL,
	"bathrooms" integer NOT NULL,
	"weekday_rate" integer NOT NULL,
	"weekend_rate" integer NOT NULL,
	"min_nights" integer DEFAULT 1 NOT NULL,
	"images" jsonb NOT NULL,
	"restrictions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features" jsonb NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cabins_slug_unique" UNIQUE("slug"),
	CONSTRAINT "cabins_occupancy_check" CHECK ("cabins"."min_occupancy" >= 1 AND "cabins"."max_occupancy" >= "cabins"."min_occupancy"),
	CONSTRAINT "cabins_rates_check" CHECK ("cabins"."weekday_rate" > 0 AND "cabins"."weekend_rate" > 0),
	CONSTRAINT "cabins_rooms_check" CHECK ("cabins"."bedrooms" >= 0 AND "cabins"."beds" >= 1 AND "cabins"."bathrooms" >= 1),
	CONSTRAINT "cabins_min_nights_check" CHECK ("cabins"."min_nights" >= 1)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cabin_id" uuid NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"guests" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'PENDING' NOT NULL,
	"nights" integer NOT NULL,
	"total_price" integer NOT NULL,
	"service_commission" integer NOT NULL,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"guest_first_name" text NOT NULL,
	"guest_last_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"guest_phone" text NOT NULL,
	"special_requests" text DEFAULT '' NOT NULL,
	"client_id" uuid,
	"hold_expires_at" timestamp with time zone,
	"charge_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_dates_check" CHECK ("reservations"."check_out" > "reservations"."check_in"),
	CONSTRAINT "reservations_guests_check" CHECK ("reservations"."guests" >= 1),
	CONSTRAINT "reservations_total_check" CHECK ("reservations"."total_price" >= 0 AND "reservations"."service_commission" >= 0),
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" IN ('pending', 'active', 'cancelled', 'completed')),
	CONSTRAINT "reservations_payment_status_check" CHECK ("reservations"."payment_status" IN ('PENDING', 'PAID', 'FAILED', 'REFUNDED'))
);
--> statement-breakpoint
ALTER TABLE "cabin_seasons" ADD CONSTRAINT "cabin_seasons_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cabin_seasons_cabin_idx" ON "cabin_seasons" USING btree ("cabin_id","starts_on");--> statement-breakpoint
CREATE INDEX "cabins_place_key_idx" ON "cabins" USING btree ("place_key");--> statement-breakpoint
CREATE INDEX "cabins_amenities_idx" ON "cabins" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "reservations_cabin_dates_idx" ON "reservations" USING btree ("cabin_id","check_in");--> statement-breakpoint
CREATE INDEX "reservations_client_idx" ON "reservations" USING btree ("client_id");