CREATE INDEX "received_documents_report_idx" ON "received_documents" USING btree ("company_unique_code","transaction_date");--> statement-breakpoint
-- The reports' cache (decision 028) keeps a computed 受取 report while the company's received documents stay as they were:
-- every change moves the company's "received" row of document_list_versions ("received" is no issued kind).
CREATE FUNCTION received_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE document_list_versions SET version = nextval('document_list_version_seq') WHERE kind = 'received';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO document_list_versions (company_unique_code, kind, version)
    VALUES (OLD.company_unique_code, 'received', nextval('document_list_version_seq'))
    ON CONFLICT (company_unique_code, kind) DO UPDATE SET version = EXCLUDED.version;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.company_unique_code IS DISTINCT FROM OLD.company_unique_code) THEN
    INSERT INTO document_list_versions (company_unique_code, kind, version)
    VALUES (NEW.company_unique_code, 'received', nextval('document_list_version_seq'))
    ON CONFLICT (company_unique_code, kind) DO UPDATE SET version = EXCLUDED.version;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER received_documents_list_version AFTER INSERT OR UPDATE OR DELETE ON received_documents FOR EACH ROW EXECUTE FUNCTION received_list_version_bump();
--> statement-breakpoint
CREATE TRIGGER received_documents_list_version_truncate AFTER TRUNCATE ON received_documents FOR EACH STATEMENT EXECUTE FUNCTION received_list_version_bump();
--> statement-breakpoint
INSERT INTO document_list_versions (company_unique_code, kind, version)
SELECT company_unique_code, 'received', nextval('document_list_version_seq') FROM (SELECT DISTINCT company_unique_code FROM received_documents) AS listed;
