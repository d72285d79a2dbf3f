CREATE TABLE "invoice_activity" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_merchant_id_mode_pk" PRIMARY KEY("merchant_id","mode")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"key_pair_id" uuid,
	"settlement_pay_id_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax_amount" bigint NOT NULL,
	"total" bigint NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"due_date" date NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"due_handled_at" timestamp with time zone,
	"note" text,
	"allow_partial_payments" boolean DEFAULT false NOT NULL,
	"due_date_action" text DEFAULT 'none' NOT NULL,
	"merchant_reference" text,
	"metadata" jsonb,
	"request_hash" text,
	"payment_url" text NOT NULL,
	"source" text DEFAULT 'api' NOT NULL,
	"virtual_account_id" uuid,
	"dynamic_pay_id_id" uuid,
	"issued_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_publicId_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "dynamic_pay_ids" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_activity" ADD CONSTRAINT "invoice_activity_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_key_pair_id_api_key_pairs_id_fk" FOREIGN KEY ("key_pair_id") REFERENCES "public"."api_key_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_settlement_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("settlement_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_activity_invoice_id_created_at_index" ON "invoice_activity" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("merchant_id","mode","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reference_idx" ON "invoices" USING btree ("merchant_id","mode","merchant_reference") WHERE "invoices"."merchant_reference" is not null;--> statement-breakpoint
CREATE INDEX "invoices_merchant_id_mode_created_at_index" ON "invoices" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_at") WHERE "invoices"."due_handled_at" is null and "invoices"."status" in ('sent', 'partial');--> statement-breakpoint
CREATE INDEX "payments_invoice_id_index" ON "payments" USING btree ("invoice_id") WHERE "payments"."invoice_id" is not null;