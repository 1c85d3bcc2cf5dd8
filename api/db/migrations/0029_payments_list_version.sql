-- A payment changes what an invoice owes: the receivables report and TOP, kept per document list version
-- (decision 021), are computed again when one is recorded or cancelled, as when an invoice changes (decision 033).
CREATE FUNCTION payment_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_list_versions (company_unique_code, kind, version)
  VALUES (COALESCE(NEW.company_unique_code, OLD.company_unique_code), 'invoice', nextval('document_list_version_seq'))
  ON CONFLICT (company_unique_code, kind) DO UPDATE SET version = EXCLUDED.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_list_version AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION payment_list_version_bump();
