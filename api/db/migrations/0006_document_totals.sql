CREATE TABLE "document_totals" (
	"company_unique_code" text NOT NULL,
	"kind" text NOT NULL,
	"status" integer NOT NULL,
	"document_count" integer NOT NULL,
	"tax_included" numeric(20, 4) NOT NULL,
	"amount_due" numeric(20, 4) NOT NULL,
	CONSTRAINT "document_totals_company_unique_code_kind_status_pk" PRIMARY KEY("company_unique_code","kind","status")
);
--> statement-breakpoint
CREATE FUNCTION document_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.voided_at IS NULL THEN
    UPDATE document_totals
    SET document_count = document_count - 1, tax_included = tax_included - OLD.tax_included, amount_due = amount_due - OLD.amount_due
    WHERE company_unique_code = OLD.company_unique_code AND kind = OLD.kind AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.voided_at IS NULL THEN
    INSERT INTO document_totals AS totals (company_unique_code, kind, status, document_count, tax_included, amount_due)
    VALUES (NEW.company_unique_code, NEW.kind, NEW.status, 1, NEW.tax_included, NEW.amount_due)
    ON CONFLICT (company_unique_code, kind, status) DO UPDATE
    SET document_count = totals.document_count + 1, tax_included = totals.tax_included + EXCLUDED.tax_included, amount_due = totals.amount_due + EXCLUDED.amount_due;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER documents_totals AFTER INSERT OR UPDATE OR DELETE ON documents FOR EACH ROW EXECUTE FUNCTION document_totals_apply();
--> statement-breakpoint
INSERT INTO document_totals (company_unique_code, kind, status, document_count, tax_included, amount_due)
SELECT company_unique_code, kind, status, count(*), sum(tax_included), sum(amount_due) FROM documents WHERE voided_at IS NULL GROUP BY company_unique_code, kind, status;
