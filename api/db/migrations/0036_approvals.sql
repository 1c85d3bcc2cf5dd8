CREATE TABLE "approval_corrections" (
	"document_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_corrections_document_id_revision_pk" PRIMARY KEY("document_id","revision")
);
--> statement-breakpoint
CREATE TABLE "approval_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"step" integer NOT NULL,
	"decision" text NOT NULL,
	"decided_by" text NOT NULL,
	"decided_by_name" text,
	"comment" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"request_id" integer NOT NULL,
	"document_id" integer,
	"schedule_id" integer,
	"event" text NOT NULL,
	"step" integer,
	"actor" text NOT NULL,
	"actor_name" text,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"document_id" integer,
	"revision" integer,
	"schedule_id" integer,
	"rule" jsonb NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_by_name" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "approval_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"kind" text NOT NULL,
	"threshold" bigint NOT NULL,
	"amount_basis" text NOT NULL,
	"steps" jsonb NOT NULL,
	"allow_self_approval" boolean DEFAULT false NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_settings" (
	"company_unique_code" text PRIMARY KEY NOT NULL,
	"recurring_approval" text DEFAULT 'per_run' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_status_history" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "document_status_history" ADD COLUMN "approval_step" integer;--> statement-breakpoint
ALTER TABLE "approval_corrections" ADD CONSTRAINT "approval_corrections_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_schedule_id_recurring_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."recurring_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_decisions_request_step_idx" ON "approval_decisions" USING btree ("request_id","step");--> statement-breakpoint
CREATE INDEX "approval_events_company_idx" ON "approval_events" USING btree ("company_unique_code","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_live_document_idx" ON "approval_requests" USING btree ("document_id","revision") WHERE status in ('pending', 'approved') and document_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_live_schedule_idx" ON "approval_requests" USING btree ("schedule_id") WHERE status in ('pending', 'approved') and schedule_id is not null;--> statement-breakpoint
CREATE INDEX "approval_requests_waiting_idx" ON "approval_requests" USING btree ("company_unique_code","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_rules_company_kind_idx" ON "approval_rules" USING btree ("company_unique_code","kind");