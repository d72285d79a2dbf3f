-- Payment links (issue 26 item 2): a shareable page /l/<slug> for a fixed amount or one the
-- customer chooses; each payment goes through a checkout session that names its link. A link
-- made in the dashboard has no key pair, nor do its sessions (their payments are heard by the
-- keys linked to the wallet, like every dashboard-made receivable).
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"key_pair_id" uuid,
	"settlement_pay_id_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"amount" bigint,
	"min_amount" bigint,
	"max_amount" bigint,
	"collect_fields" text[] DEFAULT '{}' NOT NULL,
	"allow_quantity" boolean DEFAULT false NOT NULL,
	"redirect_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"metadata" jsonb,
	"source" text DEFAULT 'api' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_slug_unique" UNIQUE("slug"),
	CONSTRAINT "payment_links_amount_check" CHECK (("payment_links"."amount" is not null and "payment_links"."amount" > 0 and "payment_links"."min_amount" is null and "payment_links"."max_amount" is null)
        or ("payment_links"."amount" is null and "payment_links"."min_amount" is not null and "payment_links"."min_amount" > 0 and ("payment_links"."max_amount" is null or "payment_links"."max_amount" >= "payment_links"."min_amount")))
);--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_key_pair_id_api_key_pairs_id_fk" FOREIGN KEY ("key_pair_id") REFERENCES "public"."api_key_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_settlement_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("settlement_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_links_list_idx" ON "payment_links" USING btree ("merchant_id","mode","created_at","id");--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "key_pair_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "payment_link_id" uuid;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_payment_link_idx" ON "checkout_sessions" USING btree ("payment_link_id","created_at") WHERE "checkout_sessions"."payment_link_id" is not null;
