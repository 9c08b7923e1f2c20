CREATE TABLE "reservation_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservation_access_tokens" ADD CONSTRAINT "reservation_access_tokens_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;