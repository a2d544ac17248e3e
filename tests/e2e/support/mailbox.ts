/**
 * The end-to-end mailbox: a real SMTP server on loopback (the app sends to it through SMTP_URL)
 * that keeps every message in memory and lists them over HTTP for the specs:
 *   GET /messages?to=<address>  → [{ to, subject, text, receivedAt }]
 * Run by Playwright as a web server: `node --import tsx tests/e2e/support/mailbox.ts`.
 */
import { createServer } from 'node:http';
import { rawMessage, readMessage } from '../../support/mail/mime.js';
import { loopbackSmtpServer } from '../../support/mail/smtpServer.js';

type Message = { to: string[]; subject: string; text: string; receivedAt: string };
const messages: Message[] = [];

const smtp = loopbackSmtpServer({
  onData(stream, session, callback) {
    rawMessage(stream).then((raw) => {
      messages.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        ...readMessage(raw),
        receivedAt: new Date().toISOString(),
      });
      callback();
    }, callback);
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
