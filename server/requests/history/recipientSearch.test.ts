import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scratchDatabaseForFile } from '../../../tests/support/db/scratchDatabase.js';
import { queryRows } from '../../db/client.js';
import type { Actor } from '../../deps.js';
import { resolveRecipientSearch } from './emailTracker.service.js';

/**
 * The tracker's recipient search is looked up through its index first: a few matches become the
 * list's ids, within the companies the caller sees; a search matching more than the cap stays a
 * condition of the list's own query.
 */

const database = scratchDatabaseForFile('recipient-search', async ({ db }) => {
  await db.execute(sql`
    INSERT INTO companies (id, fiscal_name, tax_id) VALUES (801, 'Correos Uno S.A.S.', '900801001'), (802, 'Correos Dos S.A.S.', '900802002')`);
  await db.execute(sql`
    INSERT INTO signature_requests (id, company_id, source, title, expires_at, validation_code)
    VALUES (8001, 801, 'single', 'Uno', now() + interval '9 days', 'RCP-1'),
           (8002, 802, 'single', 'Dos', now() + interval '9 days', 'RCP-2')`);
  // Eight e-mails to caro.caribe in each company, and one to another address.
  await db.execute(sql`
    INSERT INTO signature_request_emails (company_id, request_id, kind, "to")
    SELECT c.id, c.id + 7200, 'invitation', 'caro.caribe@correo.test'
    FROM (VALUES (801), (802)) c (id), generate_series(1, 8)`);
  await db.execute(sql`
    INSERT INTO signature_request_emails (company_id, request_id, kind, "to")
    VALUES (801, 8001, 'reminder', 'otra.persona@correo.test')`);
});

const actorOf = (companyId: number | 'all'): Actor => ({
  userId: 1,
  sessionId: 'busqueda',
  companyId: companyId === 'all' ? 1 : companyId,
  roleId: 1,
  permissions: new Set(),
  impersonatorUserId: null,
  visibleCompanyIds: companyId === 'all' ? 'all' : [companyId],
});

const addresses = (ids: number[] | undefined) =>
  queryRows<{ to: string; company_id: number }>(
    database().db,
    sql`SELECT "to", company_id FROM signature_request_emails WHERE id = ANY(${`{${(ids ?? []).join(',')}}`}::bigint[])`,
  );

describe('the e-mail tracker’s recipient search', () => {
  it('turns a narrow search into the ids of the caller’s matching e-mails', async () => {
    const search = await resolveRecipientSearch({ database: database() }, actorOf(801), {
      search: 'CARO.carib',
    });
    expect(search.words).toBe('caro & carib:*');
    const found = await addresses(search.ids);
    expect(found).toHaveLength(8);
    expect(new Set(found.map((row) => `${row.to} ${row.company_id}`))).toEqual(
      new Set(['caro.caribe@correo.test 801']),
    );
  });

  it('keeps a search matching more than the cap as a condition of the list', async () => {
    const search = await resolveRecipientSearch(
      { database: database() },
      actorOf('all'),
      { search: 'caro' },
      10,
    );
    expect(search).toEqual({ words: 'caro:*' });
    expect(
      (await resolveRecipientSearch({ database: database() }, actorOf('all'), { search: 'caro' }, 16)).ids,
    ).toHaveLength(16);
  });

  it('has nothing to look up when nothing searchable was typed', async () => {
    expect(await resolveRecipientSearch({ database: database() }, actorOf(801), { search: '@.-' })).toEqual({
      words: null,
    });
  });
});
