import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scratchDatabaseForFile } from '../../../tests/support/db/scratchDatabase.js';
import { queryRows } from '../../db/client.js';
import { type CodeRange, codeFigures } from './figures.js';

/**
 * Codes over whole Bogotá days are read from the totals kept by month and day, less the codes
 * still usable; any other range counts the codes. Both ways must give the same figures.
 */

const NOW = new Date('2026-01-10T15:00:00Z');
const bogotaMidnight = (day: string) => new Date(`${day}T00:00:00-05:00`);

const database = scratchDatabaseForFile('code-figures', async ({ db }) => {
  await db.execute(
    sql`INSERT INTO companies (id, fiscal_name, tax_id) VALUES (701, 'Códigos S.A.S.', '900701001')`,
  );
  await db.execute(sql`
    INSERT INTO signature_requests (id, company_id, source, title, status, expires_at, validation_code)
    VALUES (7001, 701, 'single', 'Contrato', 'in_progress', now() + interval '30 days', 'COD-1')`);
  await db.execute(sql`
    INSERT INTO signature_request_signers (id, request_id, company_id, number, turn, kind, name, email, token_hash, status)
    VALUES (70001, 7001, 701, 1, 1, 'signer', 'Firmante', 'f@cliente.co', md5('codigos'), 'invited')`);
  // A code every 19 hours from mid-November to the moment of NOW, at :30 past (never on a
  // midnight), by turns on each channel: a third validated, the rest expired unless still usable.
  await db.execute(sql`
    INSERT INTO signer_otp_codes (signer_id, channel, code_hmac, session_hash, created_at, expires_at, used_at)
    SELECT 70001, (ARRAY['email', 'sms', 'whatsapp'])[1 + g % 3], md5('c' || g), md5('s' || g), at,
           at + interval '20 hours', CASE WHEN g % 3 = 0 THEN at + interval '1 minute' END
    FROM generate_series(0, 70) g,
         LATERAL (SELECT timestamptz '2025-11-15 08:30:00-05' + g * interval '19 hours' AS at) t
    WHERE t.at < ${NOW.toISOString()}::timestamptz`);
});

async function figures(range: CodeRange) {
  const [row] = await queryRows<Record<string, unknown>>(
    database().db,
    codeFigures(NOW, range).perCompany(701),
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value ?? 0)]));
}

/** A figure summed over the three channels. */
const allChannels = (row: Record<string, number>, figure: 'sent' | 'validated' | 'failed') =>
  ['email', 'sms', 'whatsapp'].reduce((sum, channel) => sum + (row[`${channel}_${figure}`] ?? 0), 0);

/** The same range, one millisecond earlier at each end: no longer whole days, no code at those instants. */
const shifted = (range: CodeRange): CodeRange => ({
  from: range.from && new Date(range.from.getTime() - 1),
  to: range.to && new Date(range.to.getTime() - 1),
});

describe('validation codes from the kept totals', () => {
  const ranges: CodeRange[] = [
    { from: bogotaMidnight('2025-11-01') },
    { from: bogotaMidnight('2025-11-20'), to: bogotaMidnight('2025-12-01') },
    { from: bogotaMidnight('2025-11-20'), to: bogotaMidnight('2026-01-05') },
    { from: bogotaMidnight('2025-12-01'), to: bogotaMidnight('2026-01-01') },
    { from: bogotaMidnight('2025-12-24'), to: bogotaMidnight('2025-12-26') },
    { to: bogotaMidnight('2025-12-10') },
    { from: bogotaMidnight('2026-01-09') },
  ];
  for (const range of ranges) {
    it(`equal counting the codes from ${range.from?.toISOString()} to ${range.to?.toISOString()}`, async () => {
      const kept = await figures(range);
      expect(allChannels(kept, 'sent'), 'the range holds codes').toBeGreaterThan(0);
      expect(kept).toEqual(await figures(shifted(range)));
    });
  }

  it('counts a code still usable as sent, not failed', async () => {
    const latest = await figures({ from: bogotaMidnight('2026-01-09') });
    expect(allChannels(latest, 'validated') + allChannels(latest, 'failed')).toBeLessThan(
      allChannels(latest, 'sent'),
    );
  });
});
