import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signatureRequestSigners, signerOtpCodes } from '../../db/schema/index.js';
import { maskDestination, type OtpChannel } from '../../signing/masking.js';
import type { OtpRecord, OtpStore } from '../../signing/otp.js';
import { signerPhone } from './signer.js';

/**
 * The signers' one-time codes on `signer_otp_codes`: the subject is `signer:<id>`, the newest row
 * of a signer is their current code. The table has no column for the code's id, so `code_hmac`
 * holds `<codeId>.<hmac>`; the masked destination is derived again from the signer's contact.
 */

export const otpSubject = (signerId: number) => `signer:${signerId}`;

function signerIdOf(subject: string): number {
  const match = /^signer:(\d+)$/.exec(subject);
  if (!match) throw new Error('sujeto de código inválido');
  return Number(match[1]);
}

type CodeRow = typeof signerOtpCodes.$inferSelect;

function split(row: CodeRow) {
  const dot = row.codeHmac.indexOf('.');
  return { codeId: row.codeHmac.slice(0, dot), hmac: row.codeHmac.slice(dot + 1) };
}

export class DatabaseOtpStore implements OtpStore {
  constructor(
    private readonly db: Db,
    private readonly defaultCountryCode = '57',
  ) {}

  private async newest(signerId: number): Promise<CodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(signerOtpCodes)
      .where(eq(signerOtpCodes.signerId, signerId))
      .orderBy(desc(signerOtpCodes.id))
      .limit(1);
    return row;
  }

  async current(subject: string): Promise<OtpRecord | undefined> {
    const signerId = signerIdOf(subject);
    const row = await this.newest(signerId);
    if (!row) return undefined;
    const [signer] = await this.db
      .select({ email: signatureRequestSigners.email, phone: signatureRequestSigners.phone })
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, signerId));
    const channel = row.channel as OtpChannel;
    const destination =
      channel === 'email' ? (signer?.email ?? '') : signerPhone(this.defaultCountryCode, signer?.phone ?? '');
    const { codeId, hmac } = split(row);
    return {
      subject,
      codeId,
      codeHmac: hmac,
      sessionHmac: row.sessionHash,
      channel,
      maskedDestination: maskDestination(channel, destination),
      issuedAt: row.createdAt,
      expiresAt: row.expiresAt,
      attempts: row.attempts,
      usedAt: row.usedAt,
      lockedAt: row.lockedAt,
    };
  }

  async replace(record: OtpRecord): Promise<void> {
    await this.db.insert(signerOtpCodes).values({
      signerId: signerIdOf(record.subject),
      channel: record.channel,
      codeHmac: `${record.codeId}.${record.codeHmac}`,
      sessionHash: record.sessionHmac,
      attempts: record.attempts,
      expiresAt: record.expiresAt,
      createdAt: record.issuedAt,
    });
  }

  /** Only the newest row counts: an older code is no longer current. */
  private currentRow(subject: string, codeId: string) {
    const signerId = signerIdOf(subject);
    return and(
      eq(signerOtpCodes.signerId, signerId),
      sql`${signerOtpCodes.codeHmac} LIKE ${`${codeId}.%`}`,
      sql`${signerOtpCodes.id} = (SELECT max(id) FROM signer_otp_codes WHERE signer_id = ${signerId})`,
    );
  }

  async recordAttempt(subject: string, codeId: string): Promise<number> {
    const [row] = await this.db
      .update(signerOtpCodes)
      .set({ attempts: sql`${signerOtpCodes.attempts} + 1` })
      .where(this.currentRow(subject, codeId))
      .returning({ attempts: signerOtpCodes.attempts });
    return row?.attempts ?? 0;
  }

  async markUsed(subject: string, codeId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(signerOtpCodes)
      .set({ usedAt: at })
      .where(and(this.currentRow(subject, codeId), isNull(signerOtpCodes.usedAt)))
      .returning({ id: signerOtpCodes.id });
    return rows.length === 1;
  }

  async lock(subject: string, codeId: string, at: Date): Promise<void> {
    await this.db.update(signerOtpCodes).set({ lockedAt: at }).where(this.currentRow(subject, codeId));
  }

  /** The sender re-issued the request: the signer's codes and lock are gone. */
  async clear(subject: string): Promise<void> {
    await this.db.delete(signerOtpCodes).where(eq(signerOtpCodes.signerId, signerIdOf(subject)));
  }

  /** Ends the authentication a used code gave: its expiry moves back to its use. */
  async closeAuthentication(codeRowId: number, usedAt: Date): Promise<void> {
    await this.db.update(signerOtpCodes).set({ expiresAt: usedAt }).where(eq(signerOtpCodes.id, codeRowId));
  }

  /** The newest code row of a signer (the page's authentication state reads it). */
  latest(signerId: number) {
    return this.newest(signerId);
  }
}
