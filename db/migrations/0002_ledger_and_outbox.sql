CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"mode" text NOT NULL,
	"merchant_id" uuid,
	"kind" text NOT NULL,
	"description" text,
	"metadata" jsonb,
	"reverses_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_reference_unique" UNIQUE("reference"),
	CONSTRAINT "journal_entries_reversesEntryId_unique" UNIQUE("reverses_entry_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"mode" text NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" uuid,
	"pay_id_id" uuid,
	"balance" bigint DEFAULT 0 NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_code_unique" UNIQUE("code"),
	CONSTRAINT "ledger_accounts_no_overdraft" CHECK ("ledger_accounts"."allow_negative" or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postings_non_zero" CHECK ("postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"key_pair_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"delivery_status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"attempt_number" integer NOT NULL,
	"trigger" text NOT NULL,
	"url" text NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"response_snippet" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_key_pair_id_api_key_pairs_id_fk" FOREIGN KEY ("key_pair_id") REFERENCES "public"."api_key_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_merchant_id_mode_created_at_index" ON "journal_entries" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "ledger_accounts_merchant_id_mode_kind_index" ON "ledger_accounts" USING btree ("merchant_id","mode","kind");--> statement-breakpoint
CREATE INDEX "postings_account_id_id_index" ON "postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "postings_entry_id_index" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "events_key_pair_id_created_at_index" ON "events" USING btree ("key_pair_id","created_at");--> statement-breakpoint
CREATE INDEX "events_merchant_id_mode_created_at_index" ON "events" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "events_due_idx" ON "events" USING btree ("delivery_status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_event_id_id_index" ON "webhook_attempts" USING btree ("event_id","id");