CREATE TABLE "listing_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"kind" text NOT NULL,
	"step" text,
	"version" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_events_actor_role_check" CHECK ("listing_events"."actor_role" IN ('host', 'operator')),
	CONSTRAINT "listing_events_kind_check" CHECK ("listing_events"."kind" IN ('created', 'step_saved', 'submitted', 'approved', 'returned', 'paused', 'unpaused'))
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"draft" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"return_reason" text,
	"cabin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	CONSTRAINT "listings_cabin_id_unique" UNIQUE("cabin_id"),
	CONSTRAINT "listings_status_check" CHECK ("listings"."status" IN ('draft', 'submitted', 'returned', 'published', 'paused')),
	CONSTRAINT "listings_version_check" CHECK ("listings"."version" >= 0),
	CONSTRAINT "listings_cabin_check" CHECK (("listings"."status" IN ('published', 'paused')) = ("listings"."cabin_id" IS NOT NULL)),
	CONSTRAINT "listings_return_reason_check" CHECK (("listings"."status" = 'returned') = ("listings"."return_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "cabins" DROP CONSTRAINT "cabins_cancellation_policy_check";--> statement-breakpoint
ALTER TABLE "cabins" ADD COLUMN "host_id" uuid;--> statement-breakpoint
ALTER TABLE "cabins" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_actor_id_clients_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_host_id_clients_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_events_listing_idx" ON "listing_events" USING btree ("listing_id","at");--> statement-breakpoint
CREATE INDEX "listings_host_idx" ON "listings" USING btree ("host_id","updated_at");--> statement-breakpoint
CREATE INDEX "listings_status_idx" ON "listings" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "cabins" ADD CONSTRAINT "cabins_host_id_clients_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cabins_host_idx" ON "cabins" USING btree ("host_id");--> statement-breakpoint
ALTER TABLE "cabins" ADD CONSTRAINT "cabins_cancellation_policy_check" CHECK ("cabins"."cancellation_policy" IN ('free', 'moderate', 'non_refundable'));