CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"reservation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"transaction_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "openpay_sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"order_id" text,
	"amount_centavos" integer NOT NULL,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"authorization" text,
	"error_code" integer,
	"error_message" text,
	"source_id" text NOT NULL,
	"card" jsonb NOT NULL,
	"customer" jsonb,
	"refund" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "openpay_sandbox_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"card_number" text NOT NULL,
	"brand" text NOT NULL,
	"holder_name" text NOT NULL,
	"expiration_month" text NOT NULL,
	"expiration_year" text NOT NULL,
	"outcome" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "openpay_sandbox_charges_order_idx" ON "openpay_sandbox_charges" USING btree ("merchant_id","order_id") WHERE "openpay_sandbox_charges"."order_id" IS NOT NULL;