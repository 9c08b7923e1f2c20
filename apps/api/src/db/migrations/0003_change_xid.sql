ALTER TABLE "cabins" ADD COLUMN "change_xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "change_xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL;--> statement-breakpoint
CREATE INDEX "cabins_change_xid_idx" ON "cabins" USING btree ("change_xid");--> statement-breakpoint
CREATE INDEX "reservations_change_xid_idx" ON "reservations" USING btree ("change_xid");