import { rawMessage, readMessage } from '../../support/mail/mime.js';
import { loopbackSmtpServer } from '../../support/mail/smtpServer.js';
import { freePort } from './processes.js';

export type CapturedMail = { to: string[]; subject: string; text: string };

/**
 * A real SMTP server on a free loopback port that keeps every message it receives (the subject,
 * and the whole message decoded from quoted-printable as its text): the app sends to it through
 * SMTP_URL, as to any relay.
 */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const stats = { connections: 0 };
  const server = loopbackSmtpServer({
    onConnect(_session, callback) {
      stats.connections++;
      callback();
    },
    onData(stream, session, callback) {
      rawMessage(stream).then((raw) => {
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          ...readMessage(raw),
        });
        callback();
      }, callback);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** How many SMTP connections were opened to it. */
    connections: () => stats.connections,
    /** Messages to `address`, oldest first. */
    to: (address: string) => messages.filter((message) => message.to.includes(address.toLowerCase())),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
