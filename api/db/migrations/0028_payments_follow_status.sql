ALTER TABLE "payments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
DROP INDEX "payments_statement_line_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_statement_line_idx" ON "payments" USING btree ("statement_line_id") WHERE cancelled_at is null;--> statement-breakpoint
-- 入金済 now follows the payments (decision 033). An invoice set to 入金済 by hand before payments existed gets the
-- payment that status stood for: the balance, on the day it was marked paid (its issue date when no history says),
-- method その他, recorded by the migration, so status and balance agree from the first request on.
INSERT INTO "payments" ("document_id", "company_unique_code", "paid_on", "amount", "fee", "method", "created_by")
SELECT d."id", d."company_unique_code",
  coalesce((SELECT (max(h."changed_at") AT TIME ZONE 'Asia/Tokyo')::date FROM "document_status_history" h WHERE h."document_id" = d."id" AND h."to_status" = 4), d."issue_date"),
  ceil(d."amount_due")::bigint, 0, 'other', 'migration:0028'
FROM "documents" d
WHERE d."kind" = 'invoice' AND d."status" = 4 AND d."issued_at" IS NOT NULL AND d."voided_at" IS NULL AND d."credit_note_of" IS NULL
  AND d."amount_due" > 0 AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."document_id" = d."id");
--> statement-breakpoint
CREATE INDEX "bank_statement_lines_unmatched_idx" ON "bank_statement_lines" USING btree ("company_unique_code","posted_on") WHERE kind = 'deposit' and matched_at is null;
