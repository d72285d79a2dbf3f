-- Approval of large dashboard transfers by a second member (issue 25: safe money out).
CREATE TABLE "approval_rules" (
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"threshold" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_rules_merchant_id_mode_pk" PRIMARY KEY("merchant_id","mode")
);--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "transfer_approvals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"body" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"recipient_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"transfer_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "transfer_approvals" ADD CONSTRAINT "transfer_approvals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_approvals" ADD CONSTRAINT "transfer_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_approvals" ADD CONSTRAINT "transfer_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_approvals_pending_idx" ON "transfer_approvals" USING btree ("merchant_id","mode","created_at") WHERE "transfer_approvals"."status" = 'pending';
