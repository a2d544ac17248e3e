import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RequestEventAction } from '../../../contract/requestEvents.js';
import { type Db, queryRows } from '../../db/client.js';
import {
  signatureRequestDocuments,
  signatureRequestEvents,
  signatureRequestSigners,
  signatureRequests,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { unprocessable } from '../../errors.js';
import { consumeUnits } from '../../modules/plans/consumption.service.js';
import { type AuditEntry, chainEntry, type JsonValue } from '../../pades/audit-chain.js';
import { newValidationCode } from '../../pades/validation-code.js';
import {
  CREATE_MESSAGES,
  type CreatedRequest,
  checkSigners,
  documentRows,
  isActingSigner,
  NO_PACKAGE,
  type PackageSettings,
  type PreparedRequest,
  packageSettingsOf,
  requestRow,
} from './create.js';
import { REQUEST_MAIL_QUEUE } from './mail.js';
import { queueRequestPages } from './pages.js';
import { signerTokenHash } from './tokens.js';

/**
 * Step 2 of many requests of one company at once (a bulk send's rows), in the caller's
 * transaction: the same rows as `insertSignatureRequest` writes for each (request, documents,
 * signers, `sent` and `invited` events chained from the first, first-turn invitations and their
 * mail jobs), written with one statement per table instead of ~25 per request. The plan units of
 * all of them are consumed together, so a company without enough units for every request gets the
 * 409 and nothing is written: the caller then creates them one by one to send those that fit.
 */
export async function insertSignatureRequests(
  deps: Deps,
  tx: Db,
  batch: readonly PreparedRequest[],
): Promise<CreatedRequest[]> {
  if (batch.length === 0) return [];
  const companyId = batch[0]!.companyId;
  const now = deps.clock.now();
  for (const prepared of batch) {
    if (prepared.companyId !== companyId) throw new Error('requests of several companies in one batch');
    checkSigners(prepared.signers);
    if (prepared.expiresAt.getTime() <= now.getTime())
      throw unprocessable(CREATE_MESSAGES.expiresInPast, { expires_at: CREATE_MESSAGES.expiresInPast });
  }
  const settingsByPackage = new Map<number, PackageSettings>();
  for (const packageId of new Set(batch.flatMap((prepared) => prepared.packageId ?? [])))
    settingsByPackage.set(packageId, await packageSettingsOf(tx, packageId));

  const codes = batch.map(() => newValidationCode());
  const inserted = await insertJsonRows<{ id: number; validation_code: string }>(
    tx,
    signatureRequests,
    batch.map((prepared, index) =>
      requestRow(prepared, settingsByPackage.get(prepared.packageId ?? -1) ?? NO_PACKAGE, codes[index]!),
    ),
    sql`RETURNING id, validation_code`,
  );
  const idByCode = new Map(inserted.map((row) => [row.validation_code, Number(row.id)]));
  const requestIds = codes.map((code) => idByCode.get(code)!);

  const unitsOf = (prepared: PreparedRequest) => prepared.signers.filter(isActingSigner).length;
  await consumeUnits(deps, {
    companyId,
    units: batch.reduce((sum, prepared) => sum + unitsOf(prepared), 0),
    reference: `signature_request:${requestIds.join(',')}`,
    within: tx,
  });

  await insertJsonRows(
    tx,
    signatureRequestDocuments,
    batch.flatMap((prepared, index) => documentRows(requestIds[index]!, prepared)),
  );

  const signers = await insertSigners(deps, tx, batch, requestIds, now);
  await insertEvents(tx, batch, requestIds, signers);
  // A company that delivers its signers' links (they come in its API reply) gets no invitation e-mail.
  const mailedRequests = new Set(requestIds.filter((_, index) => !batch[index]!.linksByCompany));
  const invited = signers.filter((signer) => signer.invited && mailedRequests.has(signer.requestId));
  if (invited.length > 0) await queueInvitations(tx, companyId, invited);
  await queueRequestPages(tx, requestIds);
  return batch.map((_, index) => ({
    requestId: requestIds[index]!,
    validationCode: codes[index]!,
    signerIds: signers.filter((signer) => signer.requestId === requestIds[index]).map((signer) => signer.id),
  }));
}

type InsertedSigner = { id: number; requestId: number; email: string; invited: boolean };

/**
 * Signers of every request in their order (turn = position when sequential, 1 when parallel); the
 * acting signers of the first turn are invited at once. Their ids are taken from the sequence
 * first, because each signer's token hash derives from its id.
 */
async function insertSigners(
  deps: Deps,
  tx: Db,
  batch: readonly PreparedRequest[],
  requestIds: readonly number[],
  now: Date,
): Promise<InsertedSigner[]> {
  const count = batch.reduce((sum, prepared) => sum + prepared.signers.length, 0);
  const ids = await queryRows<{ id: number }>(
    tx,
    sql`SELECT nextval(pg_get_serial_sequence('signature_request_signers', 'id'))::int AS id
        FROM generate_series(1, ${count})`,
  );
  let next = 0;
  const rows: (typeof signatureRequestSigners.$inferInsert)[] = [];
  const inserted: InsertedSigner[] = [];
  for (const [index, prepared] of batch.entries()) {
    const requestId = requestIds[index]!;
    const ordered = [...prepared.signers].sort((a, b) => a.number - b.number);
    const turns = ordered.map((_, position) => (prepared.signingOrder === 'sequential' ? position + 1 : 1));
    const firstTurn = Math.min(
      ...ordered.flatMap((signer, position) => (isActingSigner(signer) ? turns[position]! : [])),
    );
    for (const [position, signer] of ordered.entries()) {
      const id = Number(ids[next++]!.id);
      const invited = isActingSigner(signer) && turns[position] === firstTurn;
      const email = signer.email.trim().toLowerCase();
      rows.push({
        id,
        requestId,
        companyId: prepared.companyId,
        number: signer.number,
        turn: turns[position]!,
        kind: signer.kind,
        name: signer.name.trim(),
        email,
        phone: signer.phone?.trim() || null,
        idType: signer.idType?.trim() || null,
        idNumber: signer.idNumber?.trim() || null,
        authentication: signer.authentication,
        tokenHash: signerTokenHash(deps.secrets.sessionSecret, id, 1),
        ...(invited ? { status: 'invited' as const, invitedAt: now } : {}),
      });
      inserted.push({ id, requestId, email, invited });
    }
  }
  await insertJsonRows(tx, signatureRequestSigners, rows);
  return inserted;
}

/** Each request's log from its first entry: `sent`, then one `invited` per invited signer. */
async function insertEvents(
  tx: Db,
  batch: readonly PreparedRequest[],
  requestIds: readonly number[],
  signers: readonly InsertedSigner[],
): Promise<void> {
  const rows: (typeof signatureRequestEvents.$inferInsert)[] = [];
  for (const [index, prepared] of batch.entries()) {
    const requestId = requestIds[index]!;
    const details: { [key: string]: JsonValue } = {
      source: prepared.source,
      documents: prepared.documents.map((document) => ({ name: document.name, sha256: document.sha256 })),
      signers: prepared.signers.length,
      units: prepared.signers.filter(isActingSigner).length,
      ...(prepared.apiClient ? { api_client: true } : {}),
    };
    let last: AuditEntry | undefined;
    const append = (input: {
      action: RequestEventAction;
      userId?: number | null;
      signerId?: number;
      details?: typeof details;
    }) => {
      const data = input.details ?? {};
      last = chainEntry(last, {
        at: new Date().toISOString(),
        actor: input.userId ? `user:${input.userId}` : input.signerId ? `signer:${input.signerId}` : 'system',
        action: input.action,
        data,
      });
      rows.push({
        requestId,
        companyId: prepared.companyId,
        sequence: last.sequence,
        signerId: input.signerId ?? null,
        userId: input.userId ?? null,
        action: last.action,
        details: data,
        at: new Date(last.at),
        previousHash: last.previousHash,
        hash: last.hash,
      });
    };
    append({ action: 'sent', userId: prepared.createdBy, details });
    for (const signer of signers)
      if (signer.requestId === requestId && signer.invited)
        append({
          action: 'invited',
          signerId: signer.id,
          ...(prepared.linksByCompany ? { details: { delivered_by: 'company' } } : {}),
        });
  }
  await insertJsonRows(tx, signatureRequestEvents, rows);
}

/** The invitations recorded and their mail jobs queued, in one statement (same keys as one by one). */
async function queueInvitations(
  tx: Db,
  companyId: number,
  invited: readonly InsertedSigner[],
): Promise<void> {
  const values = sql.join(
    invited.map(
      (signer) =>
        sql`(${companyId}::int, ${signer.requestId}::int, ${signer.id}::int, 'invitation', ${signer.email})`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    WITH recorded AS (
      INSERT INTO signature_request_emails (company_id, request_id, signer_id, kind, "to")
      VALUES ${values}
      RETURNING id)
    INSERT INTO jobs (queue, payload, idempotency_key, max_attempts)
    SELECT ${REQUEST_MAIL_QUEUE}, jsonb_build_object('emailId', id), 'request-mail:' || id, 5
    FROM recorded
    ON CONFLICT (idempotency_key) DO NOTHING`);
}

/**
 * Rows inserted by one statement with ONE parameter: the rows as JSON, spread over the table's
 * columns by `jsonb_populate_recordset`. Drizzle's multi-row insert binds every value (≈ 15
 * columns × 50 rows a job) and builds each one, which cost the server more CPU than PGlite spent
 * inserting. The values are those drizzle writes: dates as ISO text, JSON columns as JSON, and a
 * lone surrogate in a text column as U+FFFD, as the drivers' UTF-8 encoding writes it (in a JSON
 * column both refuse it). Rows are grouped by the columns they set, so one left out keeps its default.
 */
async function insertJsonRows<Returned = never>(
  tx: Db,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  returning?: SQL,
): Promise<Returned[]> {
  const columnOf = new Map(Object.entries(getTableColumns(table)));
  const groups = new Map<string, { names: string[]; rows: Record<string, unknown>[] }>();
  for (const row of rows) {
    const keys = Object.keys(row).filter((key) => row[key] !== undefined);
    const columns = keys.map((key) => {
      const column = columnOf.get(key);
      if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
      return column;
    });
    const names = columns.map((column) => column.name);
    const signature = names.join(',');
    const group = groups.get(signature) ?? { names, rows: [] };
    group.rows.push(
      Object.fromEntries(
        keys.map((key, index) => {
          const value = row[key];
          const text = typeof value === 'string' && columns[index]!.dataType !== 'json';
          return [names[index], text ? value.replace(LONE_SURROGATE, '\ufffd') : value];
        }),
      ),
    );
    groups.set(signature, group);
  }
  const tableName = sql.identifier(getTableName(table));
  const returned: Returned[] = [];
  for (const group of groups.values()) {
    const columns = sql.join(
      group.names.map((name) => sql.identifier(name)),
      sql`, `,
    );
    const json = JSON.stringify(group.rows);
    const inserted = await queryRows<Returned>(
      tx,
      sql`INSERT INTO ${tableName} (${columns})
          SELECT ${columns} FROM jsonb_populate_recordset(NULL::${tableName}, ${json}::jsonb)
          ${returning ?? sql``}`,
    );
    returned.push(...inserted);
  }
  return returned;
}

/** Half of a surrogate pair on its own. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
