CREATE TABLE "code_day_totals" (
	"company_id" integer NOT NULL,
	"channel" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"validated" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "code_day_totals_company_id_day_channel_pk" PRIMARY KEY("company_id","day","channel")
);
--> statement-breakpoint
CREATE TABLE "code_month_totals" (
	"company_id" integer NOT NULL,
	"channel" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"validated" integer DEFAULT 0 NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "code_month_totals_company_id_month_channel_pk" PRIMARY KEY("company_id","month","channel")
);
--> statement-breakpoint
CREATE TABLE "request_day_totals" (
	"company_id" integer NOT NULL,
	"status" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"signatures_waiting" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "request_day_totals_company_id_day_status_pk" PRIMARY KEY("company_id","day","status")
);
--> statement-breakpoint
CREATE TABLE "request_month_totals" (
	"company_id" integer NOT NULL,
	"status" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"signatures_waiting" integer DEFAULT 0 NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "request_month_totals_company_id_month_status_pk" PRIMARY KEY("company_id","month","status")
);
--> statement-breakpoint
DROP INDEX "signature_request_emails_to_trgm_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "storage_documents_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "storage_sealed_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "storage_images_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "storage_attachments_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "signatures_waiting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signer_otp_codes" ADD COLUMN "company_id" integer;--> statement-breakpoint
CREATE INDEX "signature_request_emails_to_search_idx" ON "signature_request_emails" USING gin (to_tsvector('simple', "to" || ' ' || translate("to", '@.-_+', '     ')));--> statement-breakpoint
CREATE INDEX "signer_otp_codes_unused_idx" ON "signer_otp_codes" USING btree ("expires_at") WHERE used_at IS NULL;--> statement-breakpoint
CREATE INDEX "signer_otp_codes_company_created_idx" ON "signer_otp_codes" USING btree ("company_id","created_at");--> statement-breakpoint
-- Storage by kind (documents rendered, sealed, images, attachments) kept beside its total, so the
-- storage statistics read one row per company instead of summing every file's size per view.
-- The 0019 triggers are replaced by ones that take pairs: a kind's column, the row's bytes of that kind.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['signature_request_documents', 'signature_request_signers',
                           'document_package_documents', 'pdf_templates'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_storage_inserted', t);
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_storage_deleted', t);
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_storage_updated', t);
  END LOOP;
END $$;
--> statement-breakpoint
DROP FUNCTION company_storage_rows_changed();
--> statement-breakpoint
DROP FUNCTION company_storage_row_updated();
--> statement-breakpoint
CREATE FUNCTION company_storage_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign text := CASE TG_OP WHEN 'DELETE' THEN '-' ELSE '+' END;
  changed text := CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  sums text := '';
  sets text := '';
  total text := '0';
BEGIN
  FOR i IN 0 .. TG_NARGS / 2 - 1 LOOP
    sums := sums || format(', sum(%s)::bigint AS b%s', TG_ARGV[2 * i + 1], i);
    sets := sets || format(', %1$I = c.%1$I %2$s d.b%3$s', TG_ARGV[2 * i], sign, i);
    total := total || format(' + d.b%s', i);
  END LOOP;
  EXECUTE format(
    'UPDATE companies c SET storage_used_bytes = c.storage_used_bytes %s (%s)%s
     FROM (SELECT company_id%s FROM %I GROUP BY company_id) d
     WHERE c.id = d.company_id AND (%s) <> 0',
    sign, total, sets, sums, changed, total);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION company_storage_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_bytes bigint;
  after_bytes bigint;
BEGIN
  FOR i IN 0 .. TG_NARGS / 2 - 1 LOOP
    EXECUTE format('SELECT (%s)::bigint FROM (SELECT ($1).*) r', TG_ARGV[2 * i + 1]) USING OLD INTO before_bytes;
    EXECUTE format('SELECT (%s)::bigint FROM (SELECT ($1).*) r', TG_ARGV[2 * i + 1]) USING NEW INTO after_bytes;
    CONTINUE WHEN before_bytes = after_bytes AND OLD.company_id = NEW.company_id;
    EXECUTE format('UPDATE companies SET storage_used_bytes = storage_used_bytes - $1, %1$I = %1$I - $1
                    WHERE id = $2 AND $1 <> 0', TG_ARGV[2 * i]) USING before_bytes, OLD.company_id;
    EXECUTE format('UPDATE companies SET storage_used_bytes = storage_used_bytes + $1, %1$I = %1$I + $1
                    WHERE id = $2 AND $1 <> 0', TG_ARGV[2 * i]) USING after_bytes, NEW.company_id;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each table with stored files, the columns a size change shows in, and its kinds with their bytes.
DO $$
DECLARE
  tracked text[][] := ARRAY[
    ['signature_request_documents', 'rendered_bytes, sealed_bytes',
     '''storage_documents_bytes'', ''rendered_bytes'', ''storage_sealed_bytes'', ''sealed_bytes'''],
    ['signature_request_signers', 'signature_bytes, selfie_bytes',
     '''storage_images_bytes'', ''signature_bytes::bigint + selfie_bytes'''],
    ['document_package_documents', 'pdf_bytes', '''storage_attachments_bytes'', ''pdf_bytes'''],
    ['pdf_templates', 'file_bytes', '''storage_attachments_bytes'', ''file_bytes''']];
  t text[];
BEGIN
  FOREACH t SLICE 1 IN ARRAY tracked LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION company_storage_rows_changed(%s)', t[1] || '_storage_inserted', t[1], t[3]);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION company_storage_rows_changed(%s)', t[1] || '_storage_deleted', t[1], t[3]);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW
      WHEN ((%s, OLD.company_id) IS DISTINCT FROM (%s, NEW.company_id))
      EXECUTE FUNCTION company_storage_row_updated(%s)', t[1] || '_storage_updated', t[1],
      regexp_replace(t[2], '(\w+)', 'OLD.\1', 'g'), regexp_replace(t[2], '(\w+)', 'NEW.\1', 'g'), t[3]);
  END LOOP;
END $$;
--> statement-breakpoint
UPDATE companies c SET
  storage_documents_bytes = coalesce((SELECT sum(rendered_bytes) FROM signature_request_documents WHERE company_id = c.id), 0),
  storage_sealed_bytes = coalesce((SELECT sum(sealed_bytes) FROM signature_request_documents WHERE company_id = c.id), 0),
  storage_images_bytes = coalesce((SELECT sum(signature_bytes::bigint + selfie_bytes) FROM signature_request_signers WHERE company_id = c.id), 0),
  storage_attachments_bytes = coalesce((SELECT sum(pdf_bytes) FROM document_package_documents WHERE company_id = c.id), 0)
                            + coalesce((SELECT sum(file_bytes) FROM pdf_templates WHERE company_id = c.id), 0);
--> statement-breakpoint
UPDATE companies SET storage_used_bytes =
  storage_documents_bytes + storage_sealed_bytes + storage_images_bytes + storage_attachments_bytes;
--> statement-breakpoint
-- A request's plan units (signers and approvers) and signatures still owed, kept from its signers.
CREATE FUNCTION request_signers_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign text := CASE TG_OP WHEN 'DELETE' THEN '-' ELSE '+' END;
  changed text := CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
BEGIN
  EXECUTE format(
    'UPDATE signature_requests r
        SET units = r.units %1$s d.units, signatures_waiting = r.signatures_waiting %1$s d.waiting
       FROM (SELECT request_id, count(*) FILTER (WHERE kind <> ''copy'') AS units,
                    count(*) FILTER (WHERE kind <> ''copy'' AND status NOT IN (''signed'', ''rejected'')) AS waiting
               FROM %2$I GROUP BY request_id) d
      WHERE r.id = d.request_id AND (d.units <> 0 OR d.waiting <> 0)',
    sign, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION request_signer_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_units int := (OLD.kind <> 'copy')::int;
  old_waiting int := (OLD.kind <> 'copy' AND OLD.status NOT IN ('signed', 'rejected'))::int;
  new_units int := (NEW.kind <> 'copy')::int;
  new_waiting int := (NEW.kind <> 'copy' AND NEW.status NOT IN ('signed', 'rejected'))::int;
BEGIN
  IF OLD.request_id = NEW.request_id THEN
    UPDATE signature_requests SET units = units + new_units - old_units,
           signatures_waiting = signatures_waiting + new_waiting - old_waiting
     WHERE id = NEW.request_id;
  ELSE
    UPDATE signature_requests SET units = units - old_units, signatures_waiting = signatures_waiting - old_waiting
     WHERE id = OLD.request_id;
    UPDATE signature_requests SET units = units + new_units, signatures_waiting = signatures_waiting + new_waiting
     WHERE id = NEW.request_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE signature_requests r SET units = d.units, signatures_waiting = d.waiting
  FROM (SELECT request_id, count(*) FILTER (WHERE kind <> 'copy') AS units,
               count(*) FILTER (WHERE kind <> 'copy' AND status NOT IN ('signed', 'rejected')) AS waiting
          FROM signature_request_signers GROUP BY request_id) d
 WHERE r.id = d.request_id;
--> statement-breakpoint
CREATE TRIGGER signature_request_signers_counted_inserted AFTER INSERT ON signature_request_signers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_signers_rows_changed();
--> statement-breakpoint
CREATE TRIGGER signature_request_signers_counted_deleted AFTER DELETE ON signature_request_signers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_signers_rows_changed();
--> statement-breakpoint
CREATE TRIGGER signature_request_signers_counted_updated AFTER UPDATE ON signature_request_signers FOR EACH ROW
  WHEN ((OLD.request_id, OLD.kind <> 'copy', OLD.status IN ('signed', 'rejected'))
        IS DISTINCT FROM (NEW.request_id, NEW.kind <> 'copy', NEW.status IN ('signed', 'rejected')))
  EXECUTE FUNCTION request_signer_row_updated();
--> statement-breakpoint
-- Requests per company, Bogotá day (request_day_totals) and month (request_month_totals) sent and
-- status now, from every write. Keys are upserted in one order so that two writers of the same day
-- never wait on each other in a cycle.
CREATE FUNCTION request_totals_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign text := CASE TG_OP WHEN 'DELETE' THEN '-' ELSE '' END;
  changed text := CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  period text[];
BEGIN
  FOREACH period SLICE 1 IN ARRAY ARRAY[['request_day_totals', 'day'], ['request_month_totals', 'month']] LOOP
    EXECUTE format(
      'INSERT INTO %1$I AS t (company_id, %2$I, status, requests, units, signatures_waiting)
       SELECT company_id, date_trunc(%2$L, created_at AT TIME ZONE ''America/Bogota'')::date, status,
              %3$s count(*), %3$s sum(units), %3$s sum(signatures_waiting)
         FROM %4$I GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
       ON CONFLICT (company_id, %2$I, status) DO UPDATE SET requests = t.requests + excluded.requests,
         units = t.units + excluded.units, signatures_waiting = t.signatures_waiting + excluded.signatures_waiting',
      period[1], period[2], sign, changed);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION request_totals_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  period text[];
BEGIN
  FOREACH period SLICE 1 IN ARRAY ARRAY[['request_day_totals', 'day'], ['request_month_totals', 'month']] LOOP
    EXECUTE format(
      'INSERT INTO %1$I AS t (company_id, %2$I, status, requests, units, signatures_waiting)
       SELECT company_id, date_trunc(%2$L, created_at AT TIME ZONE ''America/Bogota'')::date, status,
              sum(requests), sum(units), sum(waiting)
         FROM (VALUES ($1, $2, $3, -1, -$4, -$5), ($6, $7, $8, 1, $9, $10))
              AS d (company_id, created_at, status, requests, units, waiting)
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
       ON CONFLICT (company_id, %2$I, status) DO UPDATE SET requests = t.requests + excluded.requests,
         units = t.units + excluded.units, signatures_waiting = t.signatures_waiting + excluded.signatures_waiting',
      period[1], period[2])
    USING OLD.company_id, OLD.created_at, OLD.status, OLD.units, OLD.signatures_waiting,
          NEW.company_id, NEW.created_at, NEW.status, NEW.units, NEW.signatures_waiting;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER signature_requests_totals_inserted AFTER INSERT ON signature_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_totals_rows_changed();
--> statement-breakpoint
CREATE TRIGGER signature_requests_totals_deleted AFTER DELETE ON signature_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_totals_rows_changed();
--> statement-breakpoint
CREATE TRIGGER signature_requests_totals_updated AFTER UPDATE ON signature_requests FOR EACH ROW
  WHEN ((OLD.company_id, OLD.created_at, OLD.status, OLD.units, OLD.signatures_waiting)
        IS DISTINCT FROM (NEW.company_id, NEW.created_at, NEW.status, NEW.units, NEW.signatures_waiting))
  EXECUTE FUNCTION request_totals_row_updated();
--> statement-breakpoint
INSERT INTO request_day_totals (company_id, day, status, requests, units, signatures_waiting)
SELECT company_id, (created_at AT TIME ZONE 'America/Bogota')::date, status, count(*), sum(units), sum(signatures_waiting)
  FROM signature_requests GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO request_month_totals (company_id, month, status, requests, units, signatures_waiting)
SELECT company_id, date_trunc('month', created_at AT TIME ZONE 'America/Bogota')::date, status, count(*), sum(units),
       sum(signatures_waiting)
  FROM signature_requests GROUP BY 1, 2, 3;
--> statement-breakpoint
-- A code's company, so that its totals survive the signer being deleted in the same statement.
CREATE FUNCTION signer_otp_code_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NULL THEN
    SELECT company_id INTO NEW.company_id FROM signature_request_signers WHERE id = NEW.signer_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER signer_otp_codes_company BEFORE INSERT ON signer_otp_codes
  FOR EACH ROW EXECUTE FUNCTION signer_otp_code_company();
--> statement-breakpoint
UPDATE signer_otp_codes o SET company_id = s.company_id FROM signature_request_signers s WHERE s.id = o.signer_id;
--> statement-breakpoint
-- Codes per company, Bogotá day (code_day_totals) and month (code_month_totals) sent and channel:
-- sent and validated.
CREATE FUNCTION code_totals_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign text := CASE TG_OP WHEN 'DELETE' THEN '-' ELSE '' END;
  changed text := CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  period text[];
BEGIN
  FOREACH period SLICE 1 IN ARRAY ARRAY[['code_day_totals', 'day'], ['code_month_totals', 'month']] LOOP
    EXECUTE format(
      'INSERT INTO %1$I AS t (company_id, %2$I, channel, sent, validated)
       SELECT company_id, date_trunc(%2$L, created_at AT TIME ZONE ''America/Bogota'')::date, channel,
              %3$s count(*), %3$s count(used_at)
         FROM %4$I WHERE company_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
       ON CONFLICT (company_id, %2$I, channel) DO UPDATE SET sent = t.sent + excluded.sent,
         validated = t.validated + excluded.validated',
      period[1], period[2], sign, changed);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION code_totals_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  period text[];
BEGIN
  FOREACH period SLICE 1 IN ARRAY ARRAY[['code_day_totals', 'day'], ['code_month_totals', 'month']] LOOP
    EXECUTE format(
      'INSERT INTO %1$I AS t (company_id, %2$I, channel, sent, validated)
       SELECT company_id, date_trunc(%2$L, created_at AT TIME ZONE ''America/Bogota'')::date, channel,
              sum(sent), sum(validated)
         FROM (VALUES ($1, $2, $3, -1, -$4), ($5, $6, $7, 1, $8)) AS d (company_id, created_at, channel, sent, validated)
        WHERE company_id IS NOT NULL
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
       ON CONFLICT (company_id, %2$I, channel) DO UPDATE SET sent = t.sent + excluded.sent,
         validated = t.validated + excluded.validated',
      period[1], period[2])
    USING OLD.company_id, OLD.created_at, OLD.channel, (OLD.used_at IS NOT NULL)::int,
          NEW.company_id, NEW.created_at, NEW.channel, (NEW.used_at IS NOT NULL)::int;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER signer_otp_codes_totals_inserted AFTER INSERT ON signer_otp_codes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION code_totals_rows_changed();
--> statement-breakpoint
CREATE TRIGGER signer_otp_codes_totals_deleted AFTER DELETE ON signer_otp_codes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION code_totals_rows_changed();
--> statement-breakpoint
CREATE TRIGGER signer_otp_codes_totals_updated AFTER UPDATE ON signer_otp_codes FOR EACH ROW
  WHEN ((OLD.company_id, OLD.created_at, OLD.channel, OLD.used_at IS NULL)
        IS DISTINCT FROM (NEW.company_id, NEW.created_at, NEW.channel, NEW.used_at IS NULL))
  EXECUTE FUNCTION code_totals_row_updated();
--> statement-breakpoint
INSERT INTO code_day_totals (company_id, day, channel, sent, validated)
SELECT company_id, (created_at AT TIME ZONE 'America/Bogota')::date, channel, count(*), count(used_at)
  FROM signer_otp_codes WHERE company_id IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO code_month_totals (company_id, month, channel, sent, validated)
SELECT company_id, date_trunc('month', created_at AT TIME ZONE 'America/Bogota')::date, channel, count(*), count(used_at)
  FROM signer_otp_codes WHERE company_id IS NOT NULL GROUP BY 1, 2, 3;
