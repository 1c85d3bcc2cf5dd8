CREATE TABLE "document_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"position" integer NOT NULL,
	"item_id" integer,
	"description" text NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"unit" text,
	"unit_price" numeric(14, 4) NOT NULL,
	"tax_rate" integer NOT NULL,
	"amount" numeric(18, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"status" integer NOT NULL,
	"issue_date" date NOT NULL,
	"customer_id" integer,
	"customer_name" text NOT NULL,
	"customer_honorific" text NOT NULL,
	"customer_search_key" text NOT NULL,
	"subject" text,
	"person_in_charge" text,
	"notes" text,
	"tax_type_id" integer NOT NULL,
	"withholding" boolean DEFAULT false NOT NULL,
	"item_rounding_id" integer NOT NULL,
	"item_rounding_scale" integer NOT NULL,
	"subtotal_rounding_id" integer NOT NULL,
	"tax_rounding_id" integer NOT NULL,
	"tax_withholding_id" integer NOT NULL,
	"valid_until" date,
	"delivery_date" date,
	"due_date" date,
	"bank_account_id" integer,
	"received_amount" numeric(18, 4),
	"proviso" text,
	"payment_method" text,
	"tax_excluded" numeric(18, 4) NOT NULL,
	"tax" numeric(18, 4) NOT NULL,
	"tax_included" numeric(18, 4) NOT NULL,
	"withholding_amount" numeric(18, 4) NOT NULL,
	"amount_due" numeric(18, 4) NOT NULL,
	"source_document_id" integer,
	"copy_mode" text DEFAULT 'new' NOT NULL,
	"origin" text,
	"idempotency_key" text,
	"issued_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_lines" ADD CONSTRAINT "document_lines_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_status_history" ADD CONSTRAINT "document_status_history_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_source_document_id_documents_id_fk" FOREIGN KEY ("source_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_lines_document_idx" ON "document_lines" USING btree ("document_id","position");--> statement-breakpoint
CREATE INDEX "document_status_history_document_idx" ON "document_status_history" USING btree ("document_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_company_kind_number_idx" ON "documents" USING btree ("company_unique_code","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_company_idempotency_idx" ON "documents" USING btree ("company_unique_code","idempotency_key");--> statement-breakpoint
CREATE INDEX "documents_list_idx" ON "documents" USING btree ("company_unique_code","kind","issue_date","id");--> statement-breakpoint
CREATE INDEX "documents_status_idx" ON "documents" USING btree ("company_unique_code","kind","status");--> statement-breakpoint
CREATE INDEX "documents_customer_idx" ON "documents" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "documents_source_idx" ON "documents" USING btree ("source_document_id");