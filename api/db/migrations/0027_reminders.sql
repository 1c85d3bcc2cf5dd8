CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"document_id" integer NOT NULL,
	"level" integer NOT NULL,
	"to" jsonb NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"mail_id" integer,
	"idempotency_key" text NOT NULL,
	"sent_by" text NOT NULL,
	"sent_by_name" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_mail_id_document_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."document_mails"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_company_idempotency_idx" ON "reminders" USING btree ("company_unique_code","idempotency_key");--> statement-breakpoint
CREATE INDEX "reminders_document_idx" ON "reminders" USING btree ("document_id","sent_at");
