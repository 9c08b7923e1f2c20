ALTER TABLE "booking_requests" DROP CONSTRAINT "booking_requests_status_check";--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "service_commission" integer;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "decline_message" text;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "pay_token_hash" text;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "reservation_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "booking_request_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_booking_request_id_booking_requests_id_fk" FOREIGN KEY ("booking_request_id") REFERENCES "public"."booking_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_requests_status_created_idx" ON "booking_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_booking_request_live_idx" ON "reservations" USING btree ("booking_request_id") WHERE "reservations"."status" IN ('pending', 'active', 'completed');--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_reservation_id_unique" UNIQUE("reservation_id");--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_status_check" CHECK ("booking_requests"."status" IN ('pending', 'accepted', 'declined', 'expired', 'paid'));--> statement-breakpoint
-- hand-written: requests
-- A request to book follows the reservation that pays it, whatever path settles the charge (the charge
-- itself, reconciliation, a webhook): paid when the reservation becomes active, in the same transaction,
-- with the host's 'solicitud pagada' mail queued; free to be paid again when its hold failed.
CREATE OR REPLACE FUNCTION booking_request_follows_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.booking_request_id IS NULL OR NEW.status = OLD.status THEN
    RETURN NEW;
  END IF;
  IF NEW.status = 'active' AND OLD.status = 'pending' THEN
    UPDATE booking_requests SET status = 'paid', reservation_id = NEW.id, updated_at = now()
      WHERE id = NEW.booking_request_id AND status <> 'paid';
    IF FOUND THEN
      INSERT INTO outbox (kind, payload) VALUES (
        'mail:booking-request-update',
        jsonb_build_object('bookingRequestId', NEW.booking_request_id::text, 'event', 'host-paid')
      );
    END IF;
  ELSIF NEW.status = 'cancelled' AND OLD.status = 'pending' THEN
    UPDATE booking_requests SET reservation_id = NULL, updated_at = now()
      WHERE id = NEW.booking_request_id AND reservation_id = NEW.id AND status = 'accepted';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER reservations_booking_request AFTER UPDATE OF status ON reservations
  FOR EACH ROW EXECUTE FUNCTION booking_request_follows_reservation();
