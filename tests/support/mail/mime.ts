import type { Readable } from 'node:stream';

/**
 * The little MIME reading the tests' SMTP servers need (the API tests' capture,
 * tests/api/support/smtpCapture.ts, and the end-to-end mailbox, tests/e2e/support/mailbox.ts):
 * the subject and the message as readable text, so a test finds a link or a code in it.
 */

/** Bytes of a quoted-printable string (`=C3=A9` → é), read as UTF-8. */
export const fromQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words in headers: =?UTF-8?Q?...?= and =?UTF-8?B?...?= */
export const decodeHeader = (value: string) =>
  value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, body: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(body, 'base64').toString('utf8')
      : fromQuotedPrintable(body.replace(/_/g, ' ')),
  );

/** The subject (its folded lines joined, encoded words decoded) and the whole message decoded from quoted-printable as the text. */
export function readMessage(raw: string): { subject: string; text: string } {
  const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
  return { subject: decodeHeader(subject), text: fromQuotedPrintable(raw) };
}

/** A message as an SMTP server streams it, read whole as UTF-8 (joined first: a character may span two chunks). */
export async function rawMessage(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
