CREATE TABLE "admin_list_versions" (
	"bank_code" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "company_plans_name_bigram_idx" ON "company_plans" USING gin (document_search_bigrams('', "name_search_key", ''));--> statement-breakpoint
CREATE INDEX "company_plans_code_pattern_idx" ON "company_plans" USING btree ("company_unique_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "company_plans_bank_name_idx" ON "company_plans" USING btree ("bank_code","name_search_key","company_unique_code");--> statement-breakpoint
CREATE INDEX "company_plans_bank_plan_idx" ON "company_plans" USING btree ("bank_code","plan_id","company_unique_code");--> statement-breakpoint
CREATE INDEX "company_plans_bank_withdrawal_idx" ON "company_plans" USING btree ("bank_code","is_subscribe_cancellation","withdrawal_date");--> statement-breakpoint
CREATE INDEX "company_plans_bank_start_idx" ON "company_plans" USING btree ("bank_code","start_date");--> statement-breakpoint
-- The admin list's counts are kept per filter until a company of the bank changes (decision 027):
-- every insert, update and delete of a plan row moves its bank's version (both banks' when it moves).
CREATE FUNCTION admin_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE admin_list_versions SET version = nextval('document_list_version_seq');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO admin_list_versions (bank_code, version) VALUES (OLD.bank_code, nextval('document_list_version_seq'))
    ON CONFLICT (bank_code) DO UPDATE SET version = EXCLUDED.version;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.bank_code IS DISTINCT FROM OLD.bank_code) THEN
    INSERT INTO admin_list_versions (bank_code, version) VALUES (NEW.bank_code, nextval('document_list_version_seq'))
    ON CONFLICT (bank_code) DO UPDATE SET version = EXCLUDED.version;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER company_plans_admin_list_version AFTER INSERT OR UPDATE OR DELETE ON company_plans FOR EACH ROW EXECUTE FUNCTION admin_list_version_bump();
--> statement-breakpoint
CREATE TRIGGER company_plans_admin_list_version_truncate AFTER TRUNCATE ON company_plans FOR EACH STATEMENT EXECUTE FUNCTION admin_list_version_bump();
--> statement-breakpoint
INSERT INTO admin_list_versions (bank_code, version)
SELECT bank_code, nextval('document_list_version_seq') FROM (SELECT DISTINCT bank_code FROM company_plans) AS listed;
