CREATE TABLE "recurring_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"source_document_id" integer,
	"customer_id" integer,
	"customer_name" text NOT NULL,
	"template" jsonb NOT NULL,
	"day_of_month" integer NOT NULL,
	"interval_months" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"auto_issue" boolean DEFAULT false NOT NULL,
	"auto_send" boolean DEFAULT false NOT NULL,
	"mail_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_run_on" date,
	"paused_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"company_unique_code" text NOT NULL,
	"period" text NOT NULL,
	"run_on" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"document_id" integer,
	"mail_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recurring_schedules" ADD CONSTRAINT "recurring_schedules_source_document_id_documents_id_fk" FOREIGN KEY ("source_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recurring_schedules" ADD CONSTRAINT "recurring_schedules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_schedule_id_recurring_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."recurring_schedules"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_mail_id_document_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."document_mails"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "recurring_schedules_company_idx" ON "recurring_schedules" USING btree ("company_unique_code","id");
--> statement-breakpoint
CREATE INDEX "recurring_schedules_due_idx" ON "recurring_schedules" USING btree ("next_run_on") WHERE paused_at is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_runs_schedule_period_idx" ON "recurring_runs" USING btree ("schedule_id","period");
--> statement-breakpoint
CREATE INDEX "recurring_runs_claim_idx" ON "recurring_runs" USING btree ("status","next_attempt_at");
