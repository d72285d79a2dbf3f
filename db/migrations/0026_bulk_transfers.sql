-- Bulk transfers from a CSV (issue 25 item 3: safe money out from the dashboard).
CREATE TABLE "bulk_transfer_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"status" text NOT NULL,
	"row_count" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"total_fees" bigint NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_transfer_batches_status_check" CHECK ("status" IN ('awaiting_approval', 'queued', 'processing', 'completed', 'rejected'))
);--> statement-breakpoint
ALTER TABLE "bulk_transfer_batches" ADD CONSTRAINT "bulk_transfer_batches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_transfer_batches" ADD CONSTRAINT "bulk_transfer_batches_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_transfer_batches" ADD CONSTRAINT "bulk_transfer_batches_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_transfer_batches_list_idx" ON "bulk_transfer_batches" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "bulk_transfer_batches_hash_idx" ON "bulk_transfer_batches" USING btree ("merchant_id","mode","file_hash","created_at");--> statement-breakpoint
CREATE INDEX "bulk_transfer_batches_due_idx" ON "bulk_transfer_batches" USING btree ("created_at") WHERE "bulk_transfer_batches"."status" in ('queued', 'processing');--> statement-breakpoint
CREATE TABLE "bulk_transfer_rows" (
	"batch_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"narration" text,
	"file_reference" text,
	"transfer_reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_reference" text,
	"failure_reason" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_transfer_rows_batch_id_row_number_pk" PRIMARY KEY("batch_id","row_number"),
	CONSTRAINT "bulk_transfer_rows_status_check" CHECK ("status" IN ('pending', 'sent', 'failed')),
	CONSTRAINT "bulk_transfer_rows_amount_check" CHECK ("amount" > 0)
);--> statement-breakpoint
ALTER TABLE "bulk_transfer_rows" ADD CONSTRAINT "bulk_transfer_rows_batch_id_bulk_transfer_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."bulk_transfer_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_transfer_rows" ADD CONSTRAINT "bulk_transfer_rows_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_transfer_rows_pending_idx" ON "bulk_transfer_rows" USING btree ("batch_id","row_number") WHERE "bulk_transfer_rows"."status" = 'pending';
