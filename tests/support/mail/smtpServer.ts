import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** Socket errors of a client that went away: a sender killed mid-connection, a pooled connection cut. */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * A loopback SMTP server for the tests, set up as a plain relay: no TLS, no login required, no
 * log. A client that vanishes mid-connection is the client's business, as it is a relay's: its
 * socket error is dropped instead of crashing the test process (smtp-server emits it on the server,
 * and an 'error' event nobody listens to throws). Any other error still throws.
 */
export function loopbackSmtpServer(options: SMTPServerOptions): SMTPServer {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...options,
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (!CLIENT_GONE.has(error.code ?? '')) throw error;
  });
  return server;
}
