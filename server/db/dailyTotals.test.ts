import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scratchDatabaseForFile } from '../../tests/support/db/scratchDatabase.js';
import { queryRows } from './client.js';

/**
 * The totals the database keeps by triggers (migrations 0019 and 0021) must equal, after every
 * kind of write, what counting the rows themselves gives: inserts of many rows in one statement,
 * a signer signing, a request completing, a request moved to another company, a code validated,
 * and a request deleted with its signers and codes in one cascade.
 */

const database = scratchDatabaseForFile('daily-totals');
const run = (statement: SQL) => database().db.execute(statement);
const rows = (statement: SQL) => queryRows<Record<string, unknown>>(database().db, statement);

const asNumbers = (list: Record<string, unknown>[]) =>
  list.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])));

/** What the triggers kept, and what counting the rows gives now: both sorted, zero rows left out. */
type Period = 'day' | 'month';

async function requestTotals(period: Period) {
  const kept = await rows(sql`
    SELECT company_id, ${sql.identifier(period)} AS period, status, requests, units, signatures_waiting
    FROM ${sql.identifier(`request_${period}_totals`)}
    WHERE requests <> 0 OR units <> 0 OR signatures_waiting <> 0 ORDER BY 1, 2, 3`);
  const counted = await rows(sql`
    SELECT r.company_id, date_trunc(${period}, r.created_at AT TIME ZONE 'America/Bogota')::date AS period,
           r.status, count(*) AS requests,
           coalesce(sum(s.units), 0) AS units, coalesce(sum(s.waiting), 0) AS signatures_waiting
    FROM signature_requests r
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE kind <> 'copy') AS units,
             count(*) FILTER (WHERE kind <> 'copy' AND status NOT IN ('signed', 'rejected')) AS waiting
      FROM signature_request_signers WHERE request_id = r.id) s ON true
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
  return { kept: asNumbers(kept), counted: asNumbers(counted) };
}

async function codeTotals(period: Period) {
  const kept = await rows(sql`
    SELECT company_id, ${sql.identifier(period)} AS period, channel, sent, validated
    FROM ${sql.identifier(`code_${period}_totals`)}
    WHERE sent <> 0 OR validated <> 0 ORDER BY 1, 2, 3`);
  const counted = await rows(sql`
    SELECT s.company_id, date_trunc(${period}, o.created_at AT TIME ZONE 'America/Bogota')::date AS period, o.channel,
           count(*) AS sent, count(o.used_at) AS validated
    FROM signer_otp_codes o JOIN signature_request_signers s ON s.id = o.signer_id
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
  return { kept: asNumbers(kept), counted: asNumbers(counted) };
}

async function storageTotals() {
  const kept = await rows(sql`
    SELECT id, storage_documents_bytes AS documents, storage_sealed_bytes AS sealed,
           storage_images_bytes AS images, storage_attachments_bytes AS attachments, storage_used_bytes AS total
    FROM companies ORDER BY id`);
  const counted = await rows(sql`
    SELECT c.id,
           coalesce((SELECT sum(rendered_bytes) FROM signature_request_documents WHERE company_id = c.id), 0) AS documents,
           coalesce((SELECT sum(sealed_bytes) FROM signature_request_documents WHERE company_id = c.id), 0) AS sealed,
           coalesce((SELECT sum(signature_bytes::bigint + selfie_bytes) FROM signature_request_signers WHERE company_id = c.id), 0) AS images,
           coalesce((SELECT sum(pdf_bytes) FROM document_package_documents WHERE company_id = c.id), 0)
             + coalesce((SELECT sum(file_bytes) FROM pdf_templates WHERE company_id = c.id), 0) AS attachments,
           0 AS total
    FROM companies c ORDER BY c.id`);
  const withTotals = asNumbers(counted).map((row) => ({
    ...row,
    total: String(Number(row.documents) + Number(row.sealed) + Number(row.images) + Number(row.attachments)),
  }));
  return { kept: asNumbers(kept), counted: withTotals };
}

async function expectAllAgree(step: string) {
  const everyTotal = [
    await requestTotals('day'),
    await requestTotals('month'),
    await codeTotals('day'),
    await codeTotals('month'),
    await storageTotals(),
  ];
  for (const totals of everyTotal) {
    expect(totals.kept, step).toEqual(totals.counted);
  }
}

describe('totals kept by the database', () => {
  it('equal the rows they count after every kind of write', async () => {
    await run(sql`
      INSERT INTO companies (id, fiscal_name, tax_id) VALUES
        (501, 'Totales Uno S.A.S.', '900501001'), (502, 'Totales Dos S.A.S.', '900502002')`);
    // Two days in Bogotá, one of them just before midnight there (already the next day in UTC).
    await run(sql`
      INSERT INTO signature_requests (id, company_id, source, title, status, expires_at, validation_code, created_at)
      SELECT 5000 + g, CASE WHEN g <= 4 THEN 501 ELSE 502 END, 'single', 'Contrato ' || g, 'in_progress',
             now() + interval '10 days', 'TOT-' || g,
             CASE WHEN g % 2 = 0 THEN timestamptz '2026-11-20 23:30:00-05' ELSE timestamptz '2026-11-21 09:00:00-05' END
      FROM generate_series(1, 6) g`);
    await run(sql`
      INSERT INTO signature_request_signers (request_id, company_id, number, turn, kind, name, email, token_hash,
                                             status, signature_bytes)
      SELECT r.id, r.company_id, n, n, CASE WHEN n = 3 THEN 'copy' ELSE 'signer' END, 'Firmante ' || n,
             'f' || r.id || '-' || n || '@cliente.co', md5('tot' || r.id || n), 'invited', 0
      FROM signature_requests r CROSS JOIN generate_series(1, 3) n WHERE r.id > 5000`);
    await run(sql`
      INSERT INTO signature_request_documents (request_id, company_id, position, name, rendered_key, rendered_sha256,
                                               page_count, rendered_bytes)
      SELECT id, company_id, 1, 'Documento', 'doc/' || id || '.pdf', md5('r' || id) || md5('d' || id), 1, 1000 + id
      FROM signature_requests WHERE id > 5000`);
    await run(sql`
      INSERT INTO signer_otp_codes (signer_id, channel, code_hmac, session_hash, expires_at, created_at)
      SELECT s.id, CASE WHEN s.number = 1 THEN 'email' ELSE 'sms' END, md5('c' || s.id), md5('s' || s.id),
             now() + interval '10 minutes', timestamptz '2026-11-21 10:00:00-05'
      FROM signature_request_signers s WHERE s.request_id > 5000 AND s.kind <> 'copy'`);
    await expectAllAgree('after inserting many rows per statement');

    // A signer signs: an image stored, a signature no longer owed, a code validated.
    await run(sql`
      UPDATE signature_request_signers SET status = 'signed', signature_bytes = 2345, selfie_bytes = 6789
      WHERE request_id = 5001 AND number = 1`);
    await run(sql`
      UPDATE signer_otp_codes SET used_at = now()
      WHERE signer_id = (SELECT id FROM signature_request_signers WHERE request_id = 5001 AND number = 1)`);
    await expectAllAgree('after a signature');

    // The request completes and is sealed; another one is rejected; a copy becomes a signer.
    await run(
      sql`UPDATE signature_request_signers SET status = 'signed' WHERE request_id = 5001 AND number = 2`,
    );
    await run(sql`UPDATE signature_requests SET status = 'completed' WHERE id = 5001`);
    await run(
      sql`UPDATE signature_request_documents SET sealed_key = 'sealed.pdf', sealed_sha256 = md5('s') || md5('e'), sealed_bytes = 4444 WHERE request_id = 5001`,
    );
    await run(
      sql`UPDATE signature_request_signers SET status = 'rejected' WHERE request_id = 5002 AND number = 1`,
    );
    await run(sql`UPDATE signature_requests SET status = 'rejected' WHERE id = 5002`);
    await run(
      sql`UPDATE signature_request_signers SET kind = 'signer' WHERE request_id = 5003 AND number = 3`,
    );
    await expectAllAgree('after completions, a rejection and a change of kind');

    // Several requests expire in one statement; one moves to the other company with its rows.
    await run(sql`UPDATE signature_requests SET status = 'expired' WHERE id IN (5004, 5005, 5006)`);
    await run(sql`UPDATE signature_requests SET company_id = 501 WHERE id = 5005`);
    await run(sql`UPDATE signature_request_signers SET company_id = 501 WHERE request_id = 5005`);
    await run(sql`UPDATE signature_request_documents SET company_id = 501 WHERE request_id = 5005`);
    await run(sql`UPDATE signer_otp_codes o SET company_id = 501 FROM signature_request_signers s
                  WHERE s.id = o.signer_id AND s.request_id = 5005`);
    await expectAllAgree('after an expiry sweep and a move between companies');

    // Deleting a request takes its signers, documents and codes with it in one cascade.
    await run(sql`DELETE FROM signature_requests WHERE id IN (5001, 5006)`);
    await expectAllAgree('after deleting requests with everything they hold');

    const [kept] = await rows(sql`SELECT count(*) AS rows FROM request_day_totals WHERE company_id = 501`);
    expect(Number(kept?.rows), 'the totals are kept per day, not per request').toBeLessThan(4 * 6);
  });
});
