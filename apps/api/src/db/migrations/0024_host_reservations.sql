ALTER TABLE "reservations" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancelled_by_client_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancelled_by_client_id_clients_id_fk" FOREIGN KEY ("cancelled_by_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_cancelled_by_idx" ON "reservations" USING btree ("cabin_id") WHERE "reservations"."cancelled_by" = 'host';--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancelled_by_check" CHECK ("reservations"."cancelled_by" IS NULL OR "reservations"."cancelled_by" IN ('guest', 'host', 'operator'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancellation_reason_check" CHECK ("reservations"."cancellation_reason" IS NULL OR char_length("reservations"."cancellation_reason") <= 500);