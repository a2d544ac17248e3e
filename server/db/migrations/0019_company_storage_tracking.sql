-- A company's storage used is one fact: the bytes of the files it stores (the size columns below,
-- the same ones the storage statistics break down by kind). The database keeps
-- companies.storage_used_bytes equal to their sum on every write, so the menu's storage bar, the
-- companies list (its filter and sort), the dashboard and the statistics cannot disagree.
-- Inserts and deletes adjust it once per statement (a bulk send of 10,000 rows is one update);
-- updates once per row, and only when a size or the owning company changed.
CREATE FUNCTION company_storage_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign text := CASE TG_OP WHEN 'DELETE' THEN '-' ELSE '+' END;
  changed text := CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
BEGIN
  -- TG_ARGV[0] is the row's size in bytes, an expression over the table's own columns.
  EXECUTE format(
    'UPDATE companies c SET storage_used_bytes = c.storage_used_bytes %s d.bytes
     FROM (SELECT company_id, sum(%s)::bigint AS bytes FROM %I GROUP BY company_id) d
     WHERE c.id = d.company_id AND d.bytes <> 0',
    sign, TG_ARGV[0], changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION company_storage_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_bytes bigint;
  after_bytes bigint;
BEGIN
  EXECUTE format('SELECT (%s)::bigint FROM (SELECT ($1).*) r', TG_ARGV[0]) USING OLD INTO before_bytes;
  EXECUTE format('SELECT (%s)::bigint FROM (SELECT ($1).*) r', TG_ARGV[0]) USING NEW INTO after_bytes;
  UPDATE companies SET storage_used_bytes = storage_used_bytes - before_bytes
    WHERE id = OLD.company_id AND before_bytes <> 0;
  UPDATE companies SET storage_used_bytes = storage_used_bytes + after_bytes
    WHERE id = NEW.company_id AND after_bytes <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER signature_request_documents_storage_inserted AFTER INSERT ON signature_request_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION company_storage_rows_changed('rendered_bytes + sealed_bytes');
--> statement-breakpoint
CREATE TRIGGER signature_request_documents_storage_deleted AFTER DELETE ON signature_request_documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION company_storage_rows_changed('rendered_bytes + sealed_bytes');
--> statement-breakpoint
CREATE TRIGGER signature_request_documents_storage_updated AFTER UPDATE ON signature_request_documents
  FOR EACH ROW WHEN ((OLD.rendered_bytes, OLD.sealed_bytes, OLD.company_id)
    IS DISTINCT FROM (NEW.rendered_bytes, NEW.sealed_bytes, NEW.company_id))
  EXECUTE FUNCTION company_storage_row_updated('rendered_bytes + sealed_bytes');
--> statement-breakpoint
CREATE TRIGGER signature_request_signers_storage_inserted AFTER INSERT ON signature_request_signers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION company_storage_rows_changed('signature_bytes::bigint + selfie_bytes');
--> statement-breakpoint
CREATE TRIGGER signature_request_signers_storage_deleted AFTER DELETE ON signature_request_signers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION company_storage_rows_changed('signature_bytes::bigint + selfie_bytes');
--> statement-breakpoint
CREATE TRIGGER signature_request_signers_storage_updated AFTER UPDATE ON signature_request_signers
  FOR EACH ROW WHEN ((OLD.signature_bytes, OLD.selfie_bytes, OLD.company_id)
    IS DISTINCT FROM (NEW.signature_bytes, NEW.selfie_bytes, NEW.company_id))
  EXECUTE FUNCTION company_storage_row_updated('signature_bytes::bigint + selfie_bytes');
--> statement-breakpoint
CREATE TRIGGER document_package_documents_storage_inserted AFTER INSERT ON document_package_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION company_storage_rows_changed('pdf_bytes');
--> statement-breakpoint
CREATE TRIGGER document_package_documents_storage_deleted AFTER DELETE ON document_package_documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION company_storage_rows_changed('pdf_bytes');
--> statement-breakpoint
CREATE TRIGGER document_package_documents_storage_updated AFTER UPDATE ON document_package_documents
  FOR EACH ROW WHEN ((OLD.pdf_bytes, OLD.company_id) IS DISTINCT FROM (NEW.pdf_bytes, NEW.company_id))
  EXECUTE FUNCTION company_storage_row_updated('pdf_bytes');
--> statement-breakpoint
CREATE TRIGGER pdf_templates_storage_inserted AFTER INSERT ON pdf_templates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION company_storage_rows_changed('file_bytes');
--> statement-breakpoint
CREATE TRIGGER pdf_templates_storage_deleted AFTER DELETE ON pdf_templates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION company_storage_rows_changed('file_bytes');
--> statement-breakpoint
CREATE TRIGGER pdf_templates_storage_updated AFTER UPDATE ON pdf_templates
  FOR EACH ROW WHEN ((OLD.file_bytes, OLD.company_id) IS DISTINCT FROM (NEW.file_bytes, NEW.company_id))
  EXECUTE FUNCTION company_storage_row_updated('file_bytes');
--> statement-breakpoint
-- What is stored already, counted once.
UPDATE companies c SET storage_used_bytes = coalesce((
  SELECT sum(bytes) FROM (
    SELECT sum(rendered_bytes + sealed_bytes) AS bytes FROM signature_request_documents WHERE company_id = c.id
    UNION ALL SELECT sum(signature_bytes::bigint + selfie_bytes) FROM signature_request_signers WHERE company_id = c.id
    UNION ALL SELECT sum(pdf_bytes) FROM document_package_documents WHERE company_id = c.id
    UNION ALL SELECT sum(file_bytes) FROM pdf_templates WHERE company_id = c.id
  ) stored), 0);
