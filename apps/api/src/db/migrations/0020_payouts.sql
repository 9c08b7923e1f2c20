CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"month" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"provider_payout_id" text,
	"manual_reference" text,
	"lines" jsonb NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_month_check" CHECK ("payouts"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" IN ('pending', 'paid')),
	CONSTRAINT "payouts_method_check" CHECK ("payouts"."method" IN ('provider', 'manual')),
	CONSTRAINT "payouts_paid_check" CHECK ("payouts"."status" <> 'paid' OR ("payouts"."paid_at" IS NOT NULL AND ("payouts"."provider_payout_id" IS NOT NULL OR "payouts"."manual_reference" IS NOT NULL)))
);
--> statement-breakpoint
CREATE TABLE "openpay_sandbox_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"order_id" text,
	"amount_centavos" integer NOT NULL,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"clabe_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_host_id_clients_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_clients_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_host_month_idx" ON "payouts" USING btree ("host_id","month");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","month");--> statement-breakpoint
CREATE UNIQUE INDEX "openpay_sandbox_payouts_order_idx" ON "openpay_sandbox_payouts" USING btree ("merchant_id","order_id") WHERE "openpay_sandbox_payouts"."order_id" IS NOT NULL;