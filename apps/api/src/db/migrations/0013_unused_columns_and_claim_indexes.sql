DROP INDEX "cabins_place_key_idx";--> statement-breakpoint
DROP INDEX "cabins_population_key_idx";--> statement-breakpoint
DROP INDEX "cabins_state_key_idx";--> statement-breakpoint
DROP INDEX "cabins_amenities_idx";--> statement-breakpoint
CREATE INDEX "booking_requests_client_idx" ON "booking_requests" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "booking_requests_unclaimed_email_idx" ON "booking_requests" USING btree (lower("email")) WHERE "booking_requests"."client_id" IS NULL;--> statement-breakpoint
CREATE INDEX "reservations_unclaimed_email_idx" ON "reservations" USING btree (lower("guest_email")) WHERE "reservations"."client_id" IS NULL;--> statement-breakpoint
ALTER TABLE "cabins" DROP COLUMN "population_key";--> statement-breakpoint
ALTER TABLE "cabins" DROP COLUMN "state_key";--> statement-breakpoint
ALTER TABLE "cabins" DROP COLUMN "place_key";--> statement-breakpoint
ALTER TABLE "cabins" DROP COLUMN "amenities";