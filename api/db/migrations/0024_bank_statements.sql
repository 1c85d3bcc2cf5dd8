CREATE TABLE "bank_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"company_unique_code" text NOT NULL,
	"line" integer NOT NULL,
	"posted_on" date NOT NULL,
	"value_on" date,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"payer_name" text NOT NULL,
	"reference" text,
	"transaction_code" text,
	"description" text NOT NULL,
	"balance" bigint,
	"matched_at" timestamp with time zone,
	"matched_by" text
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"problems" jsonb NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","line");--> statement-breakpoint
CREATE INDEX "bank_statements_company_idx" ON "bank_statements" USING btree ("company_unique_code","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_statement_line_idx" ON "payments" USING btree ("statement_line_id");