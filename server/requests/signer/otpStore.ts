import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signatureRequestSigners, signerOtpCodes } from '../../db/schema/index.js';
import { maskDestination, type OtpChannel } from '../../security/masking.js';
import { NO_TRY, OTP_RULES, type OtpRecord, type OtpStore, type TakenTry } from '../../security/otp.js';
import { type SignerRow, signerPhone } from './signer.js';

/**
 * The signers' one-time codes on `signer_otp_codes`: the subject is `signer:<id>:<round>`, a
 * signer in one round of their link; the newest row of that signer and round is their current
 * code. The table has no column for the code's id, so `code_hmac` holds `<codeId>.<hmac>`; the
 * masked destination is derived again from the signer's contact.
 *
 * The wrong codes of a round are counted on the signer's row (`otp_failures` of
 * `otp_failures_round`), so every process shares the count and one row lock orders concurrent
 * tries. A count of another round than the link's current one is worth nothing: the sender's
 * resend (a new round) unlocks the new link by itself, and a try racing the resend cannot count
 * against the new round.
 */

export const otpSubject = (signer: Pick<SignerRow, 'id' | 'tokenRound'>) =>
  `signer:${signer.id}:${signer.tokenRound}`;

function subjectParts(subject: string): { signerId: number; round: number } {
  const match = /^signer:(\d+):(\d+)$/.exec(subject);
  if (!match) throw new Error('sujeto de código inválido');
  return { signerId: Number(match[1]), round: Number(match[2]) };
}

/** The wrong codes a signer typed in their link's current round (from their row). */
export const roundFailures = (signer: Pick<SignerRow, 'tokenRound' | 'otpFailures' | 'otpFailuresRound'>) =>
  signer.otpFailuresRound === signer.tokenRound ? signer.otpFailures : 0;

/** The link's current round is locked: its signer typed the last wrong code allowed. */
export const isCodeLocked = (signer: Pick<SignerRow, 'tokenRound' | 'otpFailures' | 'otpFailuresRound'>) =>
  roundFailures(signer) >= OTP_RULES.maxAttempts;

type CodeRow = typeof signerOtpCodes.$inferSelect;

function split(row: CodeRow) {
  const dot = row.codeHmac.indexOf('.');
  return { codeId: row.codeHmac.slice(0, dot), hmac: row.codeHmac.slice(dot + 1) };
}

const signers = signatureRequestSigners;

export class DatabaseOtpStore implements OtpStore {
  constructor(
    private readonly db: Db,
    private readonly defaultCountryCode = '57',
  ) {}

  private async newest(signerId: number, round: number): Promise<CodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(signerOtpCodes)
      .where(and(eq(signerOtpCodes.signerId, signerId), eq(signerOtpCodes.round, round)))
      .orderBy(desc(signerOtpCodes.id))
      .limit(1);
    return row;
  }

  async current(subject: string): Promise<OtpRecord | undefined> {
    const { signerId, round } = subjectParts(subject);
    const row = await this.newest(signerId, round);
    if (!row) return undefined;
    const [signer] = await this.db
      .select({ email: signers.email, phone: signers.phone })
      .from(signers)
      .where(eq(signers.id, signerId));
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
      usedAt: row.usedAt,
    };
  }

  async replace(record: OtpRecord): Promise<void> {
    const { signerId, round } = subjectParts(record.subject);
    await this.db.insert(signerOtpCodes).values({
      signerId,
      round,
      channel: record.channel,
      codeHmac: `${record.codeId}.${record.codeHmac}`,
      sessionHash: record.sessionHmac,
      expiresAt: record.expiresAt,
      createdAt: record.issuedAt,
    });
  }

  async failures(subject: string): Promise<number> {
    const { signerId, round } = subjectParts(subject);
    const [row] = await this.db
      .select({ failures: signers.otpFailures })
      .from(signers)
      .where(and(eq(signers.id, signerId), eq(signers.otpFailuresRound, round)));
    return row?.failures ?? 0;
  }

  /**
   * One statement, so concurrent tries queue on the signer's row lock and each reads the count
   * the previous one left: of ten concurrent wrong codes, five are counted and five refused.
   */
  async takeTry(subject: string, limit: number): Promise<TakenTry> {
    const { signerId, round } = subjectParts(subject);
    const [counted] = await this.db
      .update(signers)
      .set({
        otpFailures: sql`CASE WHEN ${signers.otpFailuresRound} = ${round} THEN ${signers.otpFailures} + 1 ELSE 1 END`,
        otpFailuresRound: round,
      })
      .where(
        and(
          eq(signers.id, signerId),
          eq(signers.tokenRound, round),
          sql`(${signers.otpFailuresRound} <> ${round} OR ${signers.otpFailures} < ${limit})`,
        ),
      )
      .returning({ failures: signers.otpFailures });
    if (counted) return counted.failures;
    const [signer] = await this.db
      .select({ tokenRound: signers.tokenRound })
      .from(signers)
      .where(eq(signers.id, signerId));
    return signer?.tokenRound === round ? NO_TRY.locked : NO_TRY.gone;
  }

  async returnTry(subject: string): Promise<void> {
    const { signerId, round } = subjectParts(subject);
    await this.db
      .update(signers)
      .set({ otpFailures: sql`${signers.otpFailures} - 1` })
      .where(and(eq(signers.id, signerId), eq(signers.otpFailuresRound, round), gt(signers.otpFailures, 0)));
  }

  /** Only the newest row of the round counts: an older code is no longer current. */
  private currentRow(subject: string, codeId: string) {
    const { signerId, round } = subjectParts(subject);
    return and(
      eq(signerOtpCodes.signerId, signerId),
      eq(signerOtpCodes.round, round),
      sql`${signerOtpCodes.codeHmac} LIKE ${`${codeId}.%`}`,
      sql`${signerOtpCodes.id} = (SELECT max(id) FROM signer_otp_codes WHERE signer_id = ${signerId} AND round = ${round})`,
    );
  }

  async markUsed(subject: string, codeId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(signerOtpCodes)
      .set({ usedAt: at })
      .where(and(this.currentRow(subject, codeId), isNull(signerOtpCodes.usedAt)))
      .returning({ id: signerOtpCodes.id });
    return rows.length === 1;
  }

  /**
   * Forgets the round's codes and count. A resend needs none of it (its new round starts clean);
   * this is the `OtpStore` reset, for a subject that must start over within its round.
   */
  async clear(subject: string): Promise<void> {
    const { signerId, round } = subjectParts(subject);
    await this.db
      .delete(signerOtpCodes)
      .where(and(eq(signerOtpCodes.signerId, signerId), eq(signerOtpCodes.round, round)));
    await this.db
      .update(signers)
      .set({ otpFailures: 0 })
      .where(and(eq(signers.id, signerId), eq(signers.otpFailuresRound, round)));
  }

  /** Ends the authentication a used code gave: its expiry moves back to its use. */
  async closeAuthentication(codeRowId: number, usedAt: Date): Promise<void> {
    await this.db.update(signerOtpCodes).set({ expiresAt: usedAt }).where(eq(signerOtpCodes.id, codeRowId));
  }

  /** The newest code row of a signer in their link's current round (the page's authentication reads it). */
  latest(signer: Pick<SignerRow, 'id' | 'tokenRound'>) {
    return this.newest(signer.id, signer.tokenRound);
  }
}
