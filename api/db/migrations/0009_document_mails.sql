CREATE TABLE "document_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"document_id" integer NOT NULL,
	"snapshot_id" integer NOT NULL,
	"to" jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"delivery" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"resent_from_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_mailbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"mail_id" integer NOT NULL,
	"envelope_to" jsonb NOT NULL,
	"subject" text NOT NULL,
	"raw" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_mails" ADD CONSTRAINT "document_mails_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_mails" ADD CONSTRAINT "document_mails_snapshot_id_document_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."document_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_mails_document_idx" ON "document_mails" USING btree ("document_id","id");--> statement-breakpoint
CREATE INDEX "document_mails_queue_idx" ON "document_mails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "document_mails_company_created_idx" ON "document_mails" USING btree ("company_unique_code","created_at");--> statement-breakpoint
CREATE INDEX "local_mailbox_company_idx" ON "local_mailbox" USING btree ("company_unique_code","id");