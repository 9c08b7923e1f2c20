CREATE TABLE "host_profiles" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"phone" text NOT NULL,
	"clabe_sealed" text NOT NULL,
	"clabe_bank_code" text NOT NULL,
	"clabe_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_profiles_phone_check" CHECK ("host_profiles"."phone" ~ '^\+52[0-9]{10}$'),
	CONSTRAINT "host_profiles_clabe_bank_code_check" CHECK ("host_profiles"."clabe_bank_code" ~ '^[0-9]{3}$'),
	CONSTRAINT "host_profiles_clabe_last4_check" CHECK ("host_profiles"."clabe_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"granted_by" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_granted_by_check" CHECK ("operators"."granted_by" IN ('command', 'OPERATOR_EMAILS'))
);
--> statement-breakpoint
ALTER TABLE "host_profiles" ADD CONSTRAINT "host_profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;