CREATE TABLE "admin_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"actor_user_unique_code" text NOT NULL,
	"actor_name" text,
	"actor_user_type" text NOT NULL,
	"actor_bank_code" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"before" jsonb,
	"after" jsonb,
	"trace_id" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_branches" (
	"bank_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "bank_branches_bank_code_branch_code_pk" PRIMARY KEY("bank_code","branch_code")
);
--> statement-breakpoint
CREATE TABLE "bank_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"publish_from" date NOT NULL,
	"publish_until" date,
	"withdrawn_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_enrollments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"bank_code" text NOT NULL,
	"branch_code" text,
	"company_name" text NOT NULL,
	"plan_id" integer NOT NULL,
	"join_date" date NOT NULL,
	"start_date" date,
	"withdrawal_date" date,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_plans" ADD COLUMN "branch_code" text;--> statement-breakpoint
ALTER TABLE "company_plans" ADD COLUMN "company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_plans" ADD COLUMN "name_search_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target","occurred_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_bank_idx" ON "admin_audit_log" USING btree ("bank_code","occurred_at");--> statement-breakpoint
CREATE INDEX "bank_notices_bank_idx" ON "bank_notices" USING btree ("bank_code","publish_from");--> statement-breakpoint
CREATE UNIQUE INDEX "company_enrollments_company_join_idx" ON "company_enrollments" USING btree ("company_unique_code","join_date");--> statement-breakpoint
CREATE INDEX "company_plans_bank_join_idx" ON "company_plans" USING btree ("bank_code","join_date","company_unique_code");--> statement-breakpoint
CREATE INDEX "company_plans_branch_join_idx" ON "company_plans" USING btree ("bank_code","branch_code","join_date");--> statement-breakpoint
CREATE INDEX "company_plans_name_trigram_idx" ON "company_plans" USING gin ("name_search_key" gin_trgm_ops);--> statement-breakpoint
-- Existing companies: the name from their profile where they have one, folded as domain/normalize searchKey folds it.
UPDATE "company_plans" AS "plan" SET "company_name" = "profile"."company_name"
FROM "companies" AS "profile" WHERE "profile"."company_unique_code" = "plan"."company_unique_code";--> statement-breakpoint
UPDATE "company_plans" SET "company_name" = "company_unique_code" WHERE "company_name" = '';--> statement-breakpoint
UPDATE "company_plans" SET "name_search_key" = lower(regexp_replace(translate(normalize("company_name", NFKC),
  'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ',
  'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ'), '\s+', '', 'g'));--> statement-breakpoint
-- The audit trail is appended to, never rewritten.
CREATE FUNCTION refuse_rewriting_admin_audit() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER admin_audit_log_append_only BEFORE UPDATE OR DELETE ON "admin_audit_log"
FOR EACH ROW EXECUTE FUNCTION refuse_rewriting_admin_audit();
