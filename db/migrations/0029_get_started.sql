-- Home's "Get started" checklist (issue 26 item 3): the steps are computed from the records; this
-- keeps only what the merchant marked (no team for now, the checklist dismissed).
CREATE TABLE "get_started_marks" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"team_marked_done_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "get_started_marks" ADD CONSTRAINT "get_started_marks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;
