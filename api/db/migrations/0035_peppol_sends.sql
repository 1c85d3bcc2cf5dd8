CREATE TABLE "sandbox_peppol_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"invoice_number" text NOT NULL,
	"xml" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_mails" ADD COLUMN "payload" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_peppol_messages_key_idx" ON "sandbox_peppol_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_peppol_messages_recipient_idx" ON "sandbox_peppol_messages" USING btree ("recipient","id");