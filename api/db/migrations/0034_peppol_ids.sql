ALTER TABLE "companies" ADD COLUMN "peppol_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "peppol_id" text;