import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { companies, signatureRequestEvents, signatureRequests } from '../../server/db/schema/index.js';
import { appendRequestEvent, requestEvents, verifyRequestEvents } from '../../server/requests/core/events.js';
import { createTestDatabase, testDatabaseKind } from './support/database.js';

describe(`signature request audit trail on ${testDatabaseKind}`, () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let requestId: number;
  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase());
    await applyMigrations(database);
    const [company] = await database.db
      .insert(companies)
      .values({ fiscalName: 'Trazas S.A.S.', taxId: '900111222-3' })
      .returning({ id: companies.id });
    const [request] = await database.db
      .insert(signatureRequests)
      .values({
        companyId: company!.id,
        source: 'single',
        title: 'Contrato',
        expiresAt: new Date(Date.now() + 86_400_000),
        validationCode: 'K7QM-2XHD-9TRB',
      })
      .returning({ id: signatureRequests.id });
    requestId = request!.id;
  });
  afterAll(() => dispose());

  it('appends concurrent events one after the other and verifies the stored chain', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        database.db.transaction((tx) =>
          appendRequestEvent(tx, {
            requestId,
            action: n === 0 ? 'sent' : 'viewed',
            details: { n, nombre: 'José Núñez' },
            ip: '2001:db8::1',
            userAgent: 'Prueba/1.0',
          }),
        ),
      ),
    );
    const events = await requestEvents(database.db, requestId);
    expect(events.map((event) => event.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await verifyRequestEvents(database.db, requestId)).toEqual({
      valid: true,
      count: 8,
      lastHash: events.at(-1)!.hash,
    });
  });

  it('detects an entry edited in the database', async () => {
    await database.db
      .update(signatureRequestEvents)
      .set({ details: sql`jsonb_set(details, '{n}', '99')` })
      .where(eq(signatureRequestEvents.sequence, 3));
    expect(await verifyRequestEvents(database.db, requestId)).toMatchObject({ valid: false, position: 3 });
  });
});
