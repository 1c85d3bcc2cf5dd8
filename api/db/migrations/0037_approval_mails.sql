CREATE TABLE "approval_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"request_id" integer NOT NULL,
	"event" text NOT NULL,
	"recipient" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"path" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_mailbox" ADD COLUMN "source" text DEFAULT 'document' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_service_users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD COLUMN "awaiting_request_id" integer;--> statement-breakpoint
CREATE INDEX "approval_mails_queue_idx" ON "approval_mails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "approval_mails_request_idx" ON "approval_mails" USING btree ("request_id");