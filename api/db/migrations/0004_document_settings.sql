CREATE TABLE "document_counters" (
	"company_unique_code" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_company_unique_code_kind_period_pk" PRIMARY KEY("company_unique_code","kind","period")
);
--> statement-breakpoint
CREATE TABLE "document_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"kind" text NOT NULL,
	"number_prefix" text NOT NULL,
	"number_date_part" text NOT NULL,
	"number_digits" integer NOT NULL,
	"number_reset" text NOT NULL,
	"default_subject" text,
	"default_notes" text,
	"default_remarks" text,
	"default_honorific" text NOT NULL,
	"print_stamp" boolean NOT NULL,
	"bank_account_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"due_date_rule" text NOT NULL,
	"due_days" integer,
	"mail_subject" text NOT NULL,
	"mail_body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_process_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"kind" text NOT NULL,
	"company_name" text NOT NULL,
	"responsible_title" text DEFAULT '' NOT NULL,
	"responsible_name" text NOT NULL,
	"effective_date" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_process_rules_company_idx" UNIQUE("company_unique_code")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "document_settings_company_kind_idx" ON "document_settings" USING btree ("company_unique_code","kind");