-- Every write stamps the row with the database's clock and its transaction id, never a process's.
-- Search indexes in every API process read changes by change_xid (see search-sync.ts).
-- A change to a cabin's seasons counts as a change to the cabin.
CREATE OR REPLACE FUNCTION stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at = now();
  NEW.change_xid = pg_current_xact_id()::text::bigint;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cabins_stamp_change BEFORE UPDATE ON cabins FOR EACH ROW EXECUTE FUNCTION stamp_change();
--> statement-breakpoint
CREATE TRIGGER reservations_stamp_change BEFORE UPDATE ON reservations FOR EACH ROW EXECUTE FUNCTION stamp_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION touch_cabin_of_season() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cabins SET updated_at = now() WHERE id = COALESCE(NEW.cabin_id, OLD.cabin_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cabin_seasons_touch_cabin AFTER INSERT OR UPDATE OR DELETE ON cabin_seasons FOR EACH ROW EXECUTE FUNCTION touch_cabin_of_season();
