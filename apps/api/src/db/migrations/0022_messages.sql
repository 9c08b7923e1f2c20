CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_request_id" uuid,
	"reservation_id" uuid,
	"sender_role" text NOT NULL,
	"sender_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "messages_thread_check" CHECK (num_nonnulls("messages"."booking_request_id", "messages"."reservation_id") = 1),
	CONSTRAINT "messages_sender_role_check" CHECK ("messages"."sender_role" IN ('guest', 'host')),
	CONSTRAINT "messages_body_check" CHECK (char_length("messages"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_booking_request_id_booking_requests_id_fk" FOREIGN KEY ("booking_request_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_clients_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_request_idx" ON "messages" USING btree ("booking_request_id","created_at") WHERE "messages"."booking_request_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_reservation_idx" ON "messages" USING btree ("reservation_id","created_at") WHERE "messages"."reservation_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");