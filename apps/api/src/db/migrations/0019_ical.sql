CREATE TABLE "cabin_calendar_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"cabin_id" uuid NOT NULL,
	"event_uid" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"over" text NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cabin_calendar_conflicts_over_check" CHECK ("cabin_calendar_conflicts"."over" IN ('reservation', 'block'))
);
--> statement-breakpoint
CREATE TABLE "cabin_calendar_exports" (
	"cabin_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cabin_calendar_exports_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "cabin_calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cabin_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_synced_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cabin_blocks" ADD COLUMN "feed_id" uuid;--> statement-breakpoint
ALTER TABLE "cabin_blocks" ADD COLUMN "feed_uid" text;--> statement-breakpoint
ALTER TABLE "cabin_calendar_conflicts" ADD CONSTRAINT "cabin_calendar_conflicts_feed_id_cabin_calendar_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."cabin_calendar_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_calendar_conflicts" ADD CONSTRAINT "cabin_calendar_conflicts_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_calendar_exports" ADD CONSTRAINT "cabin_calendar_exports_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_calendar_feeds" ADD CONSTRAINT "cabin_calendar_feeds_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_calendar_feeds" ADD CONSTRAINT "cabin_calendar_feeds_created_by_clients_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cabin_calendar_conflicts_event_idx" ON "cabin_calendar_conflicts" USING btree ("feed_id","event_uid","starts_on","ends_on");--> statement-breakpoint
CREATE INDEX "cabin_calendar_conflicts_cabin_idx" ON "cabin_calendar_conflicts" USING btree ("cabin_id");--> statement-breakpoint
CREATE INDEX "cabin_calendar_feeds_cabin_idx" ON "cabin_calendar_feeds" USING btree ("cabin_id");--> statement-breakpoint
CREATE INDEX "cabin_calendar_feeds_synced_idx" ON "cabin_calendar_feeds" USING btree ("last_synced_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cabin_calendar_feeds_url_idx" ON "cabin_calendar_feeds" USING btree ("cabin_id","url");--> statement-breakpoint
ALTER TABLE "cabin_blocks" ADD CONSTRAINT "cabin_blocks_feed_id_cabin_calendar_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."cabin_calendar_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cabin_blocks_feed_idx" ON "cabin_blocks" USING btree ("feed_id");--> statement-breakpoint
ALTER TABLE "cabin_blocks" ADD CONSTRAINT "cabin_blocks_feed_check" CHECK (("cabin_blocks"."source" = 'ical') = ("cabin_blocks"."feed_id" IS NOT NULL));