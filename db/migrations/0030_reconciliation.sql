-- Reconciliation (issue 27, supplement §12): runs per rail, mode, Lagos day and source; the
-- normalised statement lines (unique per run, origin, direction and provider reference, so a
-- re-read adds nothing); bank statement column mappings saved once per source.
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"rail" text NOT NULL,
	"mode" text NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"file_name" text,
	"status" text DEFAULT 'running' NOT NULL,
	"cursor" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"unknown_inbound" integer DEFAULT 0 NOT NULL,
	"status_applied" integer DEFAULT 0 NOT NULL,
	"missing_at_provider" integer DEFAULT 0 NOT NULL,
	"amount_mismatch" integer DEFAULT 0 NOT NULL,
	"unexpected_debit" integer DEFAULT 0 NOT NULL,
	"provider_balance" bigint,
	"ledger_balance" bigint,
	"totals" jsonb,
	"error" text,
	"started_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "reconciliation_runs_source_check" CHECK ("reconciliation_runs"."source" IN ('api', 'file')),
	CONSTRAINT "reconciliation_runs_status_check" CHECK ("reconciliation_runs"."status" IN ('running', 'completed', 'failed'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_source_idx" ON "reconciliation_runs" USING btree ("rail","mode","day","source_key");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_recent_idx" ON "reconciliation_runs" USING btree ("started_at");--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"rail" text NOT NULL,
	"mode" text NOT NULL,
	"origin" text DEFAULT 'provider' NOT NULL,
	"direction" text NOT NULL,
	"provider_reference" text NOT NULL,
	"owo_reference" text,
	"session_id" text,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint,
	"value_at" timestamp with time zone,
	"account_number" text,
	"account_reference" text,
	"payer" jsonb,
	"source" text NOT NULL,
	"file_hash" text,
	"outcome" text,
	"matched_kind" text,
	"matched_reference" text,
	"suggested_reference" text,
	"detail" text,
	"resolution" text,
	"resolution_note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"proposed_action" text,
	"proposed_payload" jsonb,
	"proposed_by" text,
	"proposed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_lines_direction_check" CHECK ("statement_lines"."direction" IN ('in', 'out')),
	CONSTRAINT "statement_lines_origin_check" CHECK ("statement_lines"."origin" IN ('provider', 'owo')),
	CONSTRAINT "statement_lines_outcome_check" CHECK ("statement_lines"."outcome" IS NULL OR "statement_lines"."outcome" IN ('matched', 'booked', 'unknown_inbound', 'status_applied', 'missing_at_provider', 'amount_mismatch', 'unexpected_debit'))
);--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_run_line_idx" ON "statement_lines" USING btree ("run_id","origin","direction","provider_reference");--> statement-breakpoint
CREATE INDEX "statement_lines_undecided_idx" ON "statement_lines" USING btree ("run_id") WHERE "statement_lines"."outcome" is null;--> statement-breakpoint
CREATE INDEX "statement_lines_open_idx" ON "statement_lines" USING btree ("run_id") WHERE "statement_lines"."outcome" in ('missing_at_provider', 'amount_mismatch', 'unexpected_debit') and "statement_lines"."resolution" is null;--> statement-breakpoint
CREATE TABLE "statement_mappings" (
	"source" text PRIMARY KEY NOT NULL,
	"rail" text NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
