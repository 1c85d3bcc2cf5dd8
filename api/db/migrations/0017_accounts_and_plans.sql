CREATE TABLE "bank_plans" (
	"bank_code" text NOT NULL,
	"plan_id" integer NOT NULL,
	CONSTRAINT "bank_plans_bank_code_plan_id_pk" PRIMARY KEY("bank_code","plan_id")
);
--> statement-breakpoint
CREATE TABLE "free_trial_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"branch_code" text,
	"free_months" integer NOT NULL,
	"start_date" date NOT NULL,
	"finish_date" date NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"user_unique_code" text NOT NULL,
	"terms_id" integer NOT NULL,
	"terms_kind" text NOT NULL,
	"terms_version" text NOT NULL,
	"agreed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_plans" ADD COLUMN "plan_changed_on" date;--> statement-breakpoint
ALTER TABLE "company_plans" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_infos" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "payment_infos" ADD COLUMN "debit_bank_code" text;--> statement-breakpoint
ALTER TABLE "payment_infos" ADD COLUMN "debit_branch_code" text;--> statement-breakpoint
ALTER TABLE "payment_infos" ADD COLUMN "debit_account_type" integer;--> statement-breakpoint
ALTER TABLE "payment_infos" ADD COLUMN "debit_account_no" text;--> statement-breakpoint
ALTER TABLE "payment_infos" ADD COLUMN "debit_account_name" text;--> statement-breakpoint
ALTER TABLE "payment_service_users" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_service_users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "free_trial_reservations_bank_idx" ON "free_trial_reservations" USING btree ("bank_code","start_date");--> statement-breakpoint
CREATE INDEX "terms_agreements_company_idx" ON "terms_agreements" USING btree ("company_unique_code","agreed_at");--> statement-breakpoint
-- Banks already in place offer every plan they can serve: receive plans only where receiving is on.
INSERT INTO "bank_plans" ("bank_code", "plan_id")
SELECT "banks"."bank_code", "plans"."plan_id" FROM "banks" CROSS JOIN "plans"
WHERE "plans"."plan_id" = 1 OR ("plans"."plan_id" BETWEEN 2 AND 4 AND "banks"."enable_payment_receive")
ON CONFLICT DO NOTHING;
