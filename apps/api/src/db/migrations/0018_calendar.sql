CREATE TABLE "cabin_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cabin_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'host' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"change_xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	CONSTRAINT "cabin_blocks_range_check" CHECK ("cabin_blocks"."ends_on" > "cabin_blocks"."starts_on"),
	CONSTRAINT "cabin_blocks_note_check" CHECK (char_length("cabin_blocks"."note") <= 200),
	CONSTRAINT "cabin_blocks_source_check" CHECK ("cabin_blocks"."source" IN ('host', 'ical'))
);
--> statement-breakpoint
CREATE TABLE "cabin_holds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cabin_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cabin_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reservation_id" uuid,
	"block_id" uuid,
	CONSTRAINT "cabin_holds_reservation_id_unique" UNIQUE("reservation_id"),
	CONSTRAINT "cabin_holds_block_id_unique" UNIQUE("block_id"),
	CONSTRAINT "cabin_holds_range_check" CHECK ("cabin_holds"."ends_on" > "cabin_holds"."starts_on"),
	CONSTRAINT "cabin_holds_owner_check" CHECK (num_nonnulls("cabin_holds"."reservation_id", "cabin_holds"."block_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "cabin_night_prices" (
	"cabin_id" uuid NOT NULL,
	"night" date NOT NULL,
	"nightly_rate" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cabin_night_prices_cabin_id_night_pk" PRIMARY KEY("cabin_id","night"),
	CONSTRAINT "cabin_night_prices_rate_check" CHECK ("cabin_night_prices"."nightly_rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "cabin_blocks" ADD CONSTRAINT "cabin_blocks_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_blocks" ADD CONSTRAINT "cabin_blocks_created_by_clients_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_holds" ADD CONSTRAINT "cabin_holds_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_holds" ADD CONSTRAINT "cabin_holds_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_holds" ADD CONSTRAINT "cabin_holds_block_id_cabin_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."cabin_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_night_prices" ADD CONSTRAINT "cabin_night_prices_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cabin_blocks_cabin_idx" ON "cabin_blocks" USING btree ("cabin_id","starts_on");--> statement-breakpoint
CREATE INDEX "cabin_blocks_change_xid_idx" ON "cabin_blocks" USING btree ("change_xid");--> statement-breakpoint
CREATE INDEX "cabin_blocks_ends_idx" ON "cabin_blocks" USING btree ("ends_on");--> statement-breakpoint
CREATE INDEX "cabin_holds_cabin_dates_idx" ON "cabin_holds" USING btree ("cabin_id","starts_on");--> statement-breakpoint
-- Hand-written below (drizzle-kit has no DSL for exclusion constraints or triggers).
-- A cabin's taken nights: one row per live (pending or active) reservation and per block, written by the
-- triggers below whatever path changes a reservation or a block. No two rows of a cabin share a night:
-- a block over a reservation, a booking over a block and two overlapping blocks all fail with 23P01.
-- '[)' leaves the last day free for the next arrival, as reservations_no_overlap does.
ALTER TABLE "cabin_holds" ADD CONSTRAINT "cabin_holds_no_overlap"
  EXCLUDE USING gist ("cabin_id" WITH =, daterange("starts_on", "ends_on", '[)') WITH &&);
--> statement-breakpoint
INSERT INTO cabin_holds (cabin_id, starts_on, ends_on, reservation_id)
  SELECT cabin_id, check_in, check_out, id FROM reservations WHERE status IN ('pending', 'active');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hold_reservation_nights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status IN ('pending', 'active') THEN
      IF NEW.status IN ('pending', 'active') AND OLD.cabin_id = NEW.cabin_id
        AND OLD.check_in = NEW.check_in AND OLD.check_out = NEW.check_out THEN
        RETURN NULL; -- pending → active: the same nights stay held
      END IF;
      DELETE FROM cabin_holds WHERE reservation_id = OLD.id;
    END IF;
  END IF;
  IF NEW.status IN ('pending', 'active') THEN
    INSERT INTO cabin_holds (cabin_id, starts_on, ends_on, reservation_id)
      VALUES (NEW.cabin_id, NEW.check_in, NEW.check_out, NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reservations_hold_nights AFTER INSERT OR UPDATE OF status, cabin_id, check_in, check_out
  ON reservations FOR EACH ROW EXECUTE FUNCTION hold_reservation_nights();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hold_block_nights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM cabin_holds WHERE block_id = OLD.id;
  END IF;
  INSERT INTO cabin_holds (cabin_id, starts_on, ends_on, block_id)
    VALUES (NEW.cabin_id, NEW.starts_on, NEW.ends_on, NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cabin_blocks_hold_nights AFTER INSERT OR UPDATE OF cabin_id, starts_on, ends_on
  ON cabin_blocks FOR EACH ROW EXECUTE FUNCTION hold_block_nights();
--> statement-breakpoint
-- Blocks are followed by the search indexes like reservations (search-sync.ts): stamped on every write,
-- and a deleted or moved block leaves a tombstone with the cabin it left.
CREATE TRIGGER cabin_blocks_stamp_change BEFORE UPDATE ON cabin_blocks FOR EACH ROW EXECUTE FUNCTION stamp_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('reservations', 'cabin_blocks') THEN
    INSERT INTO tombstones (table_name, row_id, cabin_id) VALUES (TG_TABLE_NAME, OLD.id, OLD.cabin_id);
  ELSE
    INSERT INTO tombstones (table_name, row_id) VALUES (TG_TABLE_NAME, OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cabin_blocks_tombstone AFTER DELETE ON cabin_blocks FOR EACH ROW EXECUTE FUNCTION record_tombstone();
--> statement-breakpoint
CREATE TRIGGER cabin_blocks_moved_tombstone AFTER UPDATE OF cabin_id, starts_on, ends_on ON cabin_blocks
  FOR EACH ROW
  WHEN (OLD.cabin_id IS DISTINCT FROM NEW.cabin_id OR OLD.starts_on IS DISTINCT FROM NEW.starts_on
    OR OLD.ends_on IS DISTINCT FROM NEW.ends_on)
  EXECUTE FUNCTION record_tombstone();
--> statement-breakpoint
-- A night's own price changes the cabin's prices: its cabin is touched (as by a season), once per
-- transaction however many nights it writes, so every search index reloads the cabin with its prices.
CREATE OR REPLACE FUNCTION touch_cabin_of_night_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cabins SET updated_at = now()
    WHERE id = COALESCE(NEW.cabin_id, OLD.cabin_id)
      AND change_xid <> pg_current_xact_id()::text::bigint;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cabin_night_prices_touch_cabin AFTER INSERT OR UPDATE OR DELETE ON cabin_night_prices
  FOR EACH ROW EXECUTE FUNCTION touch_cabin_of_night_price();
