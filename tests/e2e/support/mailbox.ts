/**
 * The end-to-end mailbox: a real SMTP server on loopback (the app sends to it through SMTP_URL)
 * that keeps every message in memory and lists them over HTTP for the specs:
 *   GET /messages?to=<address>  → [{ to, subject, text, receivedAt }]
 * Run by Playwright as a web server: `node --import tsx tests/e2e/support/mailbox.ts`.
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

type Message = { to: string[]; subject: string; text: string; receivedAt: string };
const messages: Message[] = [];

/** Bytes of a quoted-printable string (`=C3=A9` → é), read as UTF-8. */
const fromQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words in headers: =?UTF-8?Q?...?= and =?UTF-8?B?...?= */
const decodeHeader = (value: string) =>
  value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, body: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(body, 'base64').toString('utf8')
      : fromQuotedPrintable(body.replace(/_/g, ' ')),
  );

/** Minimal MIME reading: the subject, and the whole message decoded from quoted-printable as the text. */
function parse(raw: string, recipients: string[]): Message {
  const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
  return {
    to: recipients,
    subject: decodeHeader(subject),
    text: fromQuotedPrintable(raw),
    receivedAt: new Date().toISOString(),
  };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk) => {
      raw += String(chunk);
    });
    stream.on('end', () => {
      messages.push(
        parse(
          raw,
          session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        ),
      );
      callback();
    });
  },
});
smtp.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1');

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/health') return void response.end('ok');
  const to = url.searchParams.get('to')?.toLowerCase();
  const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(found));
}).listen(Number(process.env.E2E_MAILBOX_PORT), '127.0.0.1');
