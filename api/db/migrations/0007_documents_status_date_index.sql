DROP INDEX "documents_status_idx";--> statement-breakpoint
CREATE INDEX "documents_status_idx" ON "documents" USING btree ("company_unique_code","kind","status","issue_date","id");