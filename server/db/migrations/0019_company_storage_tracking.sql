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
-- Each table with stored files, the size of one row, and the columns a size change shows in.
DO $$
DECLARE
  tracked text[][] := ARRAY[
    ['signature_request_documents', 'rendered_bytes + sealed_bytes', 'rendered_bytes, sealed_bytes'],
    ['signature_request_signers', 'signature_bytes::bigint + selfie_bytes', 'signature_bytes, selfie_bytes'],
    ['document_package_documents', 'pdf_bytes', 'pdf_bytes'],
    ['pdf_templates', 'file_bytes', 'file_bytes']];
  t text[];
BEGIN
  FOREACH t SLICE 1 IN ARRAY tracked LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION company_storage_rows_changed(%L)', t[1] || '_storage_inserted', t[1], t[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION company_storage_rows_changed(%L)', t[1] || '_storage_deleted', t[1], t[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW
      WHEN ((%s, OLD.company_id) IS DISTINCT FROM (%s, NEW.company_id))
      EXECUTE FUNCTION company_storage_row_updated(%L)', t[1] || '_storage_updated', t[1],
      regexp_replace(t[3], '(\w+)', 'OLD.\1', 'g'), regexp_replace(t[3], '(\w+)', 'NEW.\1', 'g'), t[2]);
  END LOOP;
END $$;
--> statement-breakpoint
-- What is stored already, counted once.
UPDATE companies c SET storage_used_bytes = coalesce((
  SELECT sum(bytes) FROM (
    SELECT sum(rendered_bytes + sealed_bytes) AS bytes FROM signature_request_documents WHERE company_id = c.id
    UNION ALL SELECT sum(signature_bytes::bigint + selfie_bytes) FROM signature_request_signers WHERE company_id = c.id
    UNION ALL SELECT sum(pdf_bytes) FROM document_package_documents WHERE company_id = c.id
    UNION ALL SELECT sum(file_bytes) FROM pdf_templates WHERE company_id = c.id
  ) stored), 0);
