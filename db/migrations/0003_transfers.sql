CREATE TABLE "sandbox_bank_transfers" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_status" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"public_id" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"key_pair_id" uuid,
	"wallet_pay_id_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"stamp_duty" bigint DEFAULT 0 NOT NULL,
	"narration" text,
	"recipient_name" text NOT NULL,
	"recipient_bank_code" text,
	"recipient_bank_name" text,
	"recipient_account_number" text,
	"recipient_pay_id_id" uuid,
	"merchant_reference" text,
	"request_hash" text,
	"metadata" jsonb,
	"source" text DEFAULT 'api' NOT NULL,
	"failure_reason" text,
	"debit_entry_id" uuid,
	"bank_submitted_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "transfers_publicId_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_key_pair_id_api_key_pairs_id_fk" FOREIGN KEY ("key_pair_id") REFERENCES "public"."api_key_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_wallet_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("wallet_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_recipient_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("recipient_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_debit_entry_id_journal_entries_id_fk" FOREIGN KEY ("debit_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_merchant_reference_idx" ON "transfers" USING btree ("merchant_id","mode","merchant_reference") WHERE "transfers"."merchant_reference" is not null;--> statement-breakpoint
CREATE INDEX "transfers_merchant_id_mode_created_at_index" ON "transfers" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "transfers_pending_idx" ON "transfers" USING btree ("status","next_check_at");