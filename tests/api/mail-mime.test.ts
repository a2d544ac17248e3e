import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../server/mail/mailer.js';
import { rawMessage, readMessage } from '../support/mail/mime.js';
import { startSmtpCapture } from './support/smtpCapture.js';

/**
 * The MIME reading the API tests' SMTP capture and the end-to-end mailbox share
 * (tests/support/mail/mime.ts): what the app's own SMTP transport sends reads back as written.
 */
describe('the SMTP transport and the tests’ MIME reading', () => {
  let capture: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(() => capture.stop());

  it('reads back the subject and the text the SMTP transport encoded', async () => {
    // Long enough that the subject is folded into encoded words and the text into soft line breaks.
    const subject =
      'Código de verificación 482913 para firmar «Contrato de prestación de servicios — Año 2026»';
    const link = `https://firmas.rubrica.test/signature-request/${'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_aBcDe'}`;
    const text = `Hola, Ñusta Peñaloza:\n\nLa compañía le envió un documento con tildes (á é í ó ú ü ñ) y el signo =.\nÁbralo aquí: ${link}\n`;
    await smtpTransport(capture.url).deliver(
      { to: 'nusta.penaloza@correo.test', subject, text, html: `<p>${text}</p>` },
      'Rúbrica <no-responder@rubrica.test>',
    );
    const [mail] = capture.to('Nusta.Penaloza@correo.test');
    expect(mail?.subject).toBe(subject);
    expect(mail?.text).toContain('Hola, Ñusta Peñaloza:');
    expect(mail?.text).toContain('(á é í ó ú ü ñ) y el signo =.');
    expect(mail?.text).toContain(link);
  });

  it('sends one message after another over one pooled connection', async () => {
    const transport = smtpTransport(capture.url);
    const before = capture.connections();
    for (const n of [1, 2, 3]) {
      await transport.deliver(
        { to: `pool-${n}@correo.test`, subject: `Aviso ${n}`, text: `Aviso ${n}` },
        'Rúbrica <no-responder@rubrica.test>',
      );
    }
    expect(capture.to('pool-3@correo.test')).toHaveLength(1);
    expect(capture.connections() - before).toBe(1);
  });

  it('joins a message’s chunks before reading them as UTF-8 (a character may span two)', async () => {
    const bytes = Buffer.from('Subject: Acción\r\n\r\nFirma electrónica', 'utf8');
    const split = bytes.indexOf(Buffer.from('ó')) + 1;
    const raw = await rawMessage(Readable.from([bytes.subarray(0, split), bytes.subarray(split)]));
    expect(raw).toBe('Subject: Acción\r\n\r\nFirma electrónica');
    expect(readMessage(raw).subject).toBe('Acción');
  });
});
