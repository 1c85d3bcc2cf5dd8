CREATE TABLE "received_document_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"position" integer NOT NULL,
	"added_in_version" integer NOT NULL,
	"removed_in_version" integer
);
--> statement-breakpoint
CREATE TABLE "received_document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"kind" text NOT NULL,
	"transaction_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"amount_10" bigint,
	"tax_10" bigint,
	"amount_8" bigint,
	"tax_8" bigint,
	"amount_0" bigint,
	"supplier_name" text NOT NULL,
	"supplier_search_key" text NOT NULL,
	"customer_id" integer,
	"registration_number" text,
	"document_number" text,
	"due_date" date,
	"origin" text DEFAULT 'electronic' NOT NULL,
	"payee_bank_name" text,
	"payee_branch_name" text,
	"payee_account_type" integer,
	"payee_account_number" text,
	"payee_account_name" text,
	"notes" text,
	"match_result" integer,
	"match_reason" text,
	"match_registered_name" text,
	"credit_rate" integer,
	"credit_label" text,
	"match_checked_at" timestamp with time zone,
	"idempotency_key" text,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"delete_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_uploads" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"proposal" jsonb,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "fiscal_year_end_month" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "retention_years" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "received_document_files" ADD CONSTRAINT "received_document_files_document_id_received_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."received_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_document_files" ADD CONSTRAINT "received_document_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_document_versions" ADD CONSTRAINT "received_document_versions_document_id_received_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."received_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_documents" ADD CONSTRAINT "received_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_uploads" ADD CONSTRAINT "received_uploads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "received_document_files_document_idx" ON "received_document_files" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "received_document_files_file_idx" ON "received_document_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "received_document_versions_idx" ON "received_document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "received_documents_idempotency_idx" ON "received_documents" USING btree ("company_unique_code","idempotency_key");--> statement-breakpoint
CREATE INDEX "received_documents_date_idx" ON "received_documents" USING btree ("company_unique_code","kind","transaction_date","id");--> statement-breakpoint
CREATE INDEX "received_documents_amount_idx" ON "received_documents" USING btree ("company_unique_code","kind","amount","id");--> statement-breakpoint
CREATE INDEX "received_documents_supplier_idx" ON "received_documents" USING btree ("company_unique_code","kind","supplier_search_key","id");--> statement-breakpoint
CREATE INDEX "received_documents_updated_idx" ON "received_documents" USING btree ("company_unique_code","kind","updated_at","id");--> statement-breakpoint
CREATE INDEX "received_documents_customer_idx" ON "received_documents" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "received_documents_search_trigram_idx" ON "received_documents" USING gin (document_search_text(coalesce("document_number", ''), "supplier_search_key", "notes") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "received_documents_search_bigram_idx" ON "received_documents" USING gin (document_search_bigrams(coalesce("document_number", ''), "supplier_search_key", "notes"));--> statement-breakpoint
CREATE INDEX "received_uploads_company_idx" ON "received_uploads" USING btree ("company_unique_code");--> statement-breakpoint
-- 電子帳簿保存法: a received document's history is appended to, never rewritten,
-- and the document itself is never erased (a deletion is a mark and a version).
CREATE FUNCTION refuse_rewriting_received_records() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'received document records are kept as written (%, %)', TG_TABLE_NAME, TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER received_document_versions_append_only BEFORE UPDATE OR DELETE ON "received_document_versions"
FOR EACH ROW EXECUTE FUNCTION refuse_rewriting_received_records();
--> statement-breakpoint
CREATE TRIGGER received_documents_never_deleted BEFORE DELETE ON "received_documents"
FOR EACH ROW EXECUTE FUNCTION refuse_rewriting_received_records();
