-- まとめ払い (decision 033): one deposit line may pay several invoices, each once.
DROP INDEX "payments_statement_line_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_statement_line_idx" ON "payments" USING btree ("statement_line_id","document_id") WHERE cancelled_at is null;
