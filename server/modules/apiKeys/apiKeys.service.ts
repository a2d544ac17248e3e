import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiKeyRecord } from '../../../contract/endpoints/apiKeys.js';
import type { Db } from '../../db/client.js';
import { companies, companyApiKeys } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { newApiKey, PRINCIPAL_KEY_NAME } from '../../http/apiKeys.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const recordColumns = {
  id: companyApiKeys.id,
  name: companyApiKeys.name,
  prefix: companyApiKeys.prefix,
  createdAt: companyApiKeys.createdAt,
  lastUsedAt: companyApiKeys.lastUsedAt,
  revokedAt: companyApiKeys.revokedAt,
};

type KeyRow = {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** A key as lists show it: never its hash, never the key. */
const toRecord = (row: KeyRow): ApiKeyRecord => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

/** Stores a new named key of a company; the key is returned this once. */
export async function insertApiKey(
  db: Db | Tx,
  input: { companyId: number; name: string; createdBy: number | null; now: Date },
): Promise<{ record: ApiKeyRecord; key: string }> {
  const apiKey = newApiKey();
  const [row] = await db
    .insert(companyApiKeys)
    .values({
      companyId: input.companyId,
      name: input.name,
      prefix: apiKey.prefix,
      hash: apiKey.hash,
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .returning(recordColumns);
  return { record: toRecord(row!), key: apiKey.key };
}

/** A company's keys, newest first, revoked ones included (with when). */
export async function listCompanyApiKeys(deps: Deps, companyId: number): Promise<ApiKeyRecord[]> {
  const rows = await deps.database.db
    .select(recordColumns)
    .from(companyApiKeys)
    .where(eq(companyApiKeys.companyId, companyId))
    .orderBy(desc(companyApiKeys.id));
  return rows.map(toRecord);
}

/** A new named key for the company, shown only in this reply. */
export async function createCompanyApiKey(
  deps: Deps,
  actor: Actor,
  companyId: number,
  name: string,
): Promise<ApiKeyRecord & { api_key: string }> {
  const created = await insertApiKey(deps.database.db, {
    companyId,
    name,
    createdBy: actor.apiClient ? null : actor.userId,
    now: deps.clock.now(),
  });
  return { ...created.record, api_key: created.key };
}

/** Revokes a key at once (its next call is refused with 403); revoking twice keeps the first time. */
export async function revokeCompanyApiKey(deps: Deps, keyId: number): Promise<ApiKeyRecord> {
  const { db } = deps.database;
  const now = deps.clock.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(companyApiKeys)
      .set({ revokedAt: now })
      .where(and(eq(companyApiKeys.id, keyId), isNull(companyApiKeys.revokedAt)))
      .returning({ ...recordColumns, companyId: companyApiKeys.companyId });
    if (row) {
      await forgetPrincipalIfRevoked(tx, row.companyId, row.prefix);
      return toRecord(row);
    }
    const [existing] = await tx
      .select(recordColumns)
      .from(companyApiKeys)
      .where(eq(companyApiKeys.id, keyId));
    if (!existing) throw notFound();
    return toRecord(existing);
  });
}

/** The company record shows its «Principal» key's prefix: a revoked one is no longer shown. */
async function forgetPrincipalIfRevoked(tx: Tx, companyId: number, prefix: string) {
  await tx
    .update(companies)
    .set({ apiKeyPrefix: null, apiKeyCreatedAt: null })
    .where(and(eq(companies.id, companyId), eq(companies.apiKeyPrefix, prefix)));
}

/**
 * Replaces the company's «Principal» key: the previous one(s) are revoked, the new one stored and
 * shown on the company record by its prefix. Returns the new key, shown once.
 */
export async function replacePrincipalKey(
  tx: Tx,
  input: { companyId: number; createdBy: number | null; now: Date },
): Promise<string> {
  await tx
    .update(companyApiKeys)
    .set({ revokedAt: input.now })
    .where(
      and(
        eq(companyApiKeys.companyId, input.companyId),
        eq(companyApiKeys.name, PRINCIPAL_KEY_NAME),
        isNull(companyApiKeys.revokedAt),
      ),
    );
  const created = await insertApiKey(tx, { ...input, name: PRINCIPAL_KEY_NAME });
  await tx
    .update(companies)
    .set({ apiKeyPrefix: created.record.prefix, apiKeyCreatedAt: input.now, updatedAt: input.now })
    .where(eq(companies.id, input.companyId));
  return created.key;
}
