CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- What the document list searches, in one text: number, customer search key
-- and subject, a line each. A pg_trgm index on it answers ILIKE '%q%' for q of
-- three characters or more.
CREATE FUNCTION document_search_text(document_number text, customer_key text, subject text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT document_number || E'\n' || customer_key || E'\n' || coalesce(subject, '')
$$;
--> statement-breakpoint
-- Every pair of adjacent characters of that text, in lower case. pg_trgm finds
-- no trigram in two characters inside a word ('%山田%'), and Japanese names are
-- often two characters: a search of two is a look-up of its pair here, which a
-- GIN index answers exactly.
CREATE FUNCTION document_search_bigrams(document_number text, customer_key text, subject text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(searched, position, 2)), '{}')
  FROM lower(document_number || E'\n' || customer_key || E'\n' || coalesce(subject, '')) AS searched,
    generate_series(1, length(searched) - 1) AS position
$$;
--> statement-breakpoint
-- What the list's search decides: number or subject contains the text as typed,
-- or the customer search key contains it normalised (api/documents/list-query.ts).
-- A function so it can say what it costs: three ILIKEs over Japanese text take
-- about a hundred times the cpu_operator_cost the planner gives an operator, and
-- without this a table of 10,000 documents looks cheaper to scan whole than
-- to ask the search indexes.
CREATE FUNCTION document_search_matches(document_number text, customer_key text, subject text, typed_pattern text, key_pattern text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100 AS $$
BEGIN
  RETURN document_number ILIKE typed_pattern OR customer_key ILIKE key_pattern OR subject ILIKE typed_pattern;
END
$$;
--> statement-breakpoint
CREATE SEQUENCE "public"."document_list_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "document_list_versions" (
	"company_unique_code" text NOT NULL,
	"kind" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "document_list_versions_company_unique_code_kind_pk" PRIMARY KEY("company_unique_code","kind")
);
--> statement-breakpoint
CREATE INDEX "documents_customer_sort_idx" ON "documents" USING btree ("company_unique_code","kind","customer_search_key","id");--> statement-breakpoint
CREATE INDEX "documents_amount_sort_idx" ON "documents" USING btree ("company_unique_code","kind","tax_included","id");--> statement-breakpoint
CREATE INDEX "documents_status_sort_idx" ON "documents" USING btree ("company_unique_code","kind","status","id");--> statement-breakpoint
CREATE INDEX "documents_updated_sort_idx" ON "documents" USING btree ("company_unique_code","kind","updated_at","id");--> statement-breakpoint
CREATE INDEX "documents_search_trigram_idx" ON "documents" USING gin (document_search_text("number", "customer_search_key", "subject") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_search_bigram_idx" ON "documents" USING gin (document_search_bigrams("number", "customer_search_key", "subject"));
--> statement-breakpoint
CREATE FUNCTION document_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE document_list_versions SET version = nextval('document_list_version_seq');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO document_list_versions (company_unique_code, kind, version)
    VALUES (OLD.company_unique_code, OLD.kind, nextval('document_list_version_seq'))
    ON CONFLICT (company_unique_code, kind) DO UPDATE SET version = EXCLUDED.version;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.company_unique_code, NEW.kind) IS DISTINCT FROM (OLD.company_unique_code, OLD.kind)) THEN
    INSERT INTO document_list_versions (company_unique_code, kind, version)
    VALUES (NEW.company_unique_code, NEW.kind, nextval('document_list_version_seq'))
    ON CONFLICT (company_unique_code, kind) DO UPDATE SET version = EXCLUDED.version;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER documents_list_version AFTER INSERT OR UPDATE OR DELETE ON documents FOR EACH ROW EXECUTE FUNCTION document_list_version_bump();
--> statement-breakpoint
CREATE TRIGGER documents_list_version_truncate AFTER TRUNCATE ON documents FOR EACH STATEMENT EXECUTE FUNCTION document_list_version_bump();
--> statement-breakpoint
INSERT INTO document_list_versions (company_unique_code, kind, version)
SELECT company_unique_code, kind, nextval('document_list_version_seq') FROM (SELECT DISTINCT company_unique_code, kind FROM documents) AS listed;
