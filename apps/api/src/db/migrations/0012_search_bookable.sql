CREATE TABLE "tombstones" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tombstones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"table_name" text NOT NULL,
	"row_id" uuid NOT NULL,
	"cabin_id" uuid,
	"change_xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tombstones_change_xid_idx" ON "tombstones" USING btree ("change_xid");--> statement-breakpoint
CREATE INDEX "tombstones_created_idx" ON "tombstones" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reservations_live_check_out_idx" ON "reservations" USING btree ("check_out") WHERE "reservations"."status" IN ('pending', 'active');--> statement-breakpoint
-- A row that leaves a table must leave every search index too (search-sync.ts). A deleted cabin or
-- reservation, and a reservation moved to another cabin or other dates (its old nights, possibly now
-- in the past where the index no longer reads), leave a tombstone stamped with the id of the
-- transaction that did it, read by change_xid like the rows themselves.
CREATE OR REPLACE FUNCTION record_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'reservations' THEN
    INSERT INTO tombstones (table_name, row_id, cabin_id) VALUES (TG_TABLE_NAME, OLD.id, OLD.cabin_id);
  ELSE
    INSERT INTO tombstones (table_name, row_id) VALUES (TG_TABLE_NAME, OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cabins_tombstone AFTER DELETE ON cabins FOR EACH ROW EXECUTE FUNCTION record_tombstone();
--> statement-breakpoint
CREATE TRIGGER reservations_tombstone AFTER DELETE ON reservations FOR EACH ROW EXECUTE FUNCTION record_tombstone();
--> statement-breakpoint
CREATE TRIGGER reservations_moved_tombstone AFTER UPDATE OF cabin_id, check_in, check_out ON reservations
  FOR EACH ROW
  WHEN (OLD.cabin_id IS DISTINCT FROM NEW.cabin_id OR OLD.check_in IS DISTINCT FROM NEW.check_in
    OR OLD.check_out IS DISTINCT FROM NEW.check_out)
  EXECUTE FUNCTION record_tombstone();
