CREATE TABLE "banks" (
	"bank_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ba_name" text NOT NULL,
	"enable_payment_receive" boolean DEFAULT false NOT NULL,
	"check_payment_method_filled" boolean DEFAULT false NOT NULL,
	"is_payment_method_filled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"user_id" text,
	"company_name" text NOT NULL,
	"registered_name" text,
	"department_name" text,
	"pic_name" text,
	"postal_code" text,
	"address1" text,
	"address2" text,
	"tel" text,
	"fax" text,
	"email" text,
	"registered_no" text,
	"logo_file_id" uuid,
	"stamp_file_id" uuid,
	"item_rounding_id" integer DEFAULT 1 NOT NULL,
	"item_rounding_scale" integer DEFAULT 0 NOT NULL,
	"subtotal_rounding_id" integer DEFAULT 1 NOT NULL,
	"tax_id" integer DEFAULT 1 NOT NULL,
	"tax_rounding_id" integer DEFAULT 2 NOT NULL,
	"tax_withholding_id" integer DEFAULT 1 NOT NULL,
	"bank_code" text,
	"bank_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"company_unique_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_code" text,
	"bank_branch_name" text NOT NULL,
	"bank_branch_code" text,
	"bank_account_type_id" integer DEFAULT 1 NOT NULL,
	"bank_account_no" text NOT NULL,
	"bank_account_name" text NOT NULL,
	"displayed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_plan_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"event" text NOT NULL,
	"plan_id" integer NOT NULL,
	"previous_plan_id" integer,
	"user_unique_code" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_plans" (
	"company_unique_code" text PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"plan_id" integer DEFAULT 0 NOT NULL,
	"previous_plan_id" integer,
	"join_date" date,
	"start_date" date,
	"end_date" date,
	"withdrawal_date" date,
	"is_contract" boolean DEFAULT false NOT NULL,
	"is_plan_changed" boolean DEFAULT false NOT NULL,
	"is_free_term" boolean DEFAULT false NOT NULL,
	"is_subscribe_cancellation" boolean DEFAULT false NOT NULL,
	"is_campaign" boolean DEFAULT false NOT NULL,
	"campaign_num_of_months" integer,
	"campaign_start_date" date,
	"campaign_finish_date" date,
	"is_campaign_applied" boolean DEFAULT false NOT NULL,
	"applied_campaign_num_of_months" integer,
	"applied_campaign_start_date" date,
	"applied_campaign_finish_date" date,
	"applied_campaign_end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_unique_code" text NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage" text DEFAULT 'database' NOT NULL,
	"storage_key" text,
	"data" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_infos" (
	"company_unique_code" text PRIMARY KEY NOT NULL,
	"plan_id" integer DEFAULT 0 NOT NULL,
	"join_date" date,
	"start_date" date,
	"end_date" date,
	"withdrawal_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_service_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_unique_code" text NOT NULL,
	"company_unique_code" text NOT NULL,
	"role" integer NOT NULL,
	"registration_status" integer DEFAULT 1 NOT NULL,
	"service_id" integer DEFAULT 1 NOT NULL,
	"plan_id" integer DEFAULT 0 NOT NULL,
	"use_start_date" date,
	"use_end_date" date,
	"user_id" text,
	"reference_id" integer DEFAULT 2 NOT NULL,
	"receive_reference_id" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"plan_id" integer PRIMARY KEY NOT NULL,
	"plan_name" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"total_amount" integer DEFAULT 0 NOT NULL,
	"issue_amount" integer DEFAULT 0 NOT NULL,
	"issue_total_amount" integer DEFAULT 0 NOT NULL,
	"receive_amount" integer DEFAULT 0 NOT NULL,
	"receive_total_amount" integer DEFAULT 0 NOT NULL,
	"max_receive_files" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"product" text,
	"bank_code" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"version" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_stamp_file_id_files_id_fk" FOREIGN KEY ("stamp_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD CONSTRAINT "company_bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_company_idx" ON "companies" USING btree ("company_unique_code");--> statement-breakpoint
CREATE INDEX "company_bank_accounts_company_idx" ON "company_bank_accounts" USING btree ("company_unique_code");--> statement-breakpoint
CREATE INDEX "company_bank_accounts_company_id_idx" ON "company_bank_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_plan_history_company_idx" ON "company_plan_history" USING btree ("company_unique_code","occurred_at");--> statement-breakpoint
CREATE INDEX "files_company_idx" ON "files" USING btree ("company_unique_code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_service_users_user_idx" ON "payment_service_users" USING btree ("user_unique_code");--> statement-breakpoint
CREATE INDEX "payment_service_users_company_idx" ON "payment_service_users" USING btree ("company_unique_code");--> statement-breakpoint
CREATE INDEX "terms_kind_idx" ON "terms" USING btree ("kind","product","bank_code");