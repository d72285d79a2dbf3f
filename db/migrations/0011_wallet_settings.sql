CREATE TABLE "wallet_daily_spend" (
	"wallet_pay_id_id" uuid NOT NULL,
	"day" date NOT NULL,
	"merchant_id" uuid NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wallet_daily_spend_wallet_pay_id_id_day_pk" PRIMARY KEY("wallet_pay_id_id","day")
);
--> statement-breakpoint
CREATE TABLE "wallet_member_daily_spend" (
	"wallet_pay_id_id" uuid NOT NULL,
	"member_pay_id_id" uuid NOT NULL,
	"day" date NOT NULL,
	"merchant_id" uuid NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wallet_member_daily_spend_wallet_pay_id_id_member_pay_id_id_day_pk" PRIMARY KEY("wallet_pay_id_id","member_pay_id_id","day")
);
--> statement-breakpoint
CREATE TABLE "wallet_members" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"wallet_pay_id_id" uuid NOT NULL,
	"member_pay_id_id" uuid NOT NULL,
	"label" text,
	"daily_limit" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_settings" (
	"pay_id_id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"name" text,
	"members_only" boolean DEFAULT false NOT NULL,
	"daily_limit" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_daily_spend" ADD CONSTRAINT "wallet_daily_spend_wallet_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("wallet_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_daily_spend" ADD CONSTRAINT "wallet_daily_spend_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_member_daily_spend" ADD CONSTRAINT "wallet_member_daily_spend_wallet_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("wallet_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_member_daily_spend" ADD CONSTRAINT "wallet_member_daily_spend_member_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("member_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_member_daily_spend" ADD CONSTRAINT "wallet_member_daily_spend_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_members" ADD CONSTRAINT "wallet_members_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_members" ADD CONSTRAINT "wallet_members_wallet_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("wallet_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_members" ADD CONSTRAINT "wallet_members_member_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("member_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_settings" ADD CONSTRAINT "wallet_settings_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_settings" ADD CONSTRAINT "wallet_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_members_wallet_pay_id_id_member_pay_id_id_index" ON "wallet_members" USING btree ("wallet_pay_id_id","member_pay_id_id");