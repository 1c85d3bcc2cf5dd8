DROP INDEX "document_snapshots_version_idx";--> statement-breakpoint
ALTER TABLE "document_snapshots" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_snapshots" ADD COLUMN "created_by_name" text;--> statement-breakpoint
ALTER TABLE "document_status_history" ADD COLUMN "event" text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_status_history" ADD COLUMN "revision" integer;--> statement-breakpoint
ALTER TABLE "document_status_history" ADD COLUMN "changed_by_name" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "correction_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "credit_note_of" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_credit_note_of_documents_id_fk" FOREIGN KEY ("credit_note_of") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One snapshot per revision (ADR 014): earlier snapshots were one per lock version, so a document
-- printed again after a status change had several; they become its revisions in the order taken.
UPDATE "document_snapshots" AS s SET "revision" = r.n FROM (SELECT "id", row_number() OVER (PARTITION BY "document_id" ORDER BY "document_version", "id") AS n FROM "document_snapshots") AS r WHERE s."id" = r."id";--> statement-breakpoint
UPDATE "documents" AS d SET "revision" = m.r FROM (SELECT "document_id", max("revision") AS r FROM "document_snapshots" GROUP BY "document_id") AS m WHERE d."id" = m."document_id";--> statement-breakpoint
-- A document already sent or printed was given to the customer: it is issued from its first snapshot.
UPDATE "documents" AS d SET "issued_at" = f.t FROM (SELECT "document_id", min("created_at") AS t FROM "document_snapshots" GROUP BY "document_id") AS f WHERE d."id" = f."document_id" AND d."issued_at" IS NULL;--> statement-breakpoint
UPDATE "document_status_history" SET "event" = 'created' WHERE "from_status" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "document_snapshots_revision_idx" ON "document_snapshots" USING btree ("document_id","revision");--> statement-breakpoint
CREATE INDEX "documents_credit_note_idx" ON "documents" USING btree ("credit_note_of");