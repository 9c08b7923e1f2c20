CREATE TABLE "email_verifications" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cabins" ADD COLUMN "cancellation_policy" text DEFAULT 'non_refundable' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verifications_client_idx" ON "email_verifications" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "cabins" ADD CONSTRAINT "cabins_cancellation_policy_check" CHECK ("cabins"."cancellation_policy" IN ('non_refundable', 'free'));