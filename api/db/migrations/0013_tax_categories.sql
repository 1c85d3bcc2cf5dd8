ALTER TABLE "document_lines" ADD COLUMN "tax_category" text;--> statement-breakpoint
UPDATE "document_lines" SET "tax_category" = CASE "tax_rate" WHEN 10 THEN 'standard' WHEN 8 THEN 'reduced' ELSE 'non_taxable' END;--> statement-breakpoint
ALTER TABLE "document_lines" ALTER COLUMN "tax_category" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "tax_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
UPDATE "items" SET "tax_category" = CASE "tax_rate" WHEN 8 THEN 'reduced' ELSE 'non_taxable' END WHERE "tax_rate" <> 10;
--> statement-breakpoint
-- Drafts never printed or sent: their withholding follows the new base (tax excluded; no line was
-- 立替金 before categories, so the base is the stored tax-excluded amount). What was given out keeps
-- the amounts its snapshot shows.
WITH "recomputed" AS (
	SELECT "id", CASE
		WHEN "tax_withholding_id" NOT IN (1, 2) OR "tax_excluded" <= 0 THEN 0
		ELSE trunc(
			least("tax_excluded", 1000000) * CASE "tax_withholding_id" WHEN 1 THEN 0.1021 ELSE 0.1 END
			+ greatest("tax_excluded" - 1000000, 0) * CASE "tax_withholding_id" WHEN 1 THEN 0.2042 ELSE 0.2 END
		)
	END AS "withheld"
	FROM "documents"
	WHERE "tax_type_id" = 2 AND "withholding" AND "kind" <> 'receipt' AND "voided_at" IS NULL
		AND NOT EXISTS (SELECT 1 FROM "document_snapshots" WHERE "document_snapshots"."document_id" = "documents"."id")
)
UPDATE "documents" SET "withholding_amount" = "recomputed"."withheld", "amount_due" = "documents"."tax_included" - "recomputed"."withheld"
FROM "recomputed" WHERE "documents"."id" = "recomputed"."id";
