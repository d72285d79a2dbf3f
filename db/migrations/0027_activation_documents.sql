-- Activation documents (issue 25 item 1): files an owner attaches to the activation request when
-- OWO_ACTIVATION_DOCUMENTS is optional or required. The bytes are sealed (AES-256-GCM, lib/security/secret-box.ts).
CREATE TABLE "activation_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"sealed_bytes" bytea NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activation_documents_kind_check" CHECK ("activation_documents"."kind" IN ('cac_certificate', 'government_id', 'other')),
	CONSTRAINT "activation_documents_size_check" CHECK ("activation_documents"."size" > 0 AND "activation_documents"."size" <= 5242880)
);--> statement-breakpoint
ALTER TABLE "activation_documents" ADD CONSTRAINT "activation_documents_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_documents" ADD CONSTRAINT "activation_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_documents_merchant_idx" ON "activation_documents" USING btree ("merchant_id","created_at");
