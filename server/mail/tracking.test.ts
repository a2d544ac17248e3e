import { describe, expect, it } from 'vitest';
import { classifySmtpError } from './mailer.js';
import { openPixelUrl, withOpenPixel } from './tracking.js';

const id = '3f0c1b9e-8f4a-4c1e-9d2b-6a7e5c4d3b21';

describe('open pixel in HTML mail', () => {
  it('goes just before </body>, whatever its case, or at the end without one', () => {
    const inBody = withOpenPixel(
      { html: '<HTML><BODY><p>Hola</p></BODY></HTML>' },
      'https://firma.example.co/',
      id,
    );
    expect(inBody.html).toBe(
      `<HTML><BODY><p>Hola</p><img src="https://firma.example.co/correo/abierto/${id}.gif" width="1" height="1" alt="" style="display:block;border:0"></BODY></HTML>`,
    );
    expect(withOpenPixel({ html: '<p>Hola</p>' }, 'https://firma.example.co', id).html).toMatch(
      /^<p>Hola<\/p><img src="https:\/\/firma\.example\.co\/correo\/abierto\//,
    );
  });

  it('leaves a text-only message alone', () => {
    const message: { to: string; text: string; html?: string } = { to: 'a@b.co', text: 'Hola' };
    expect(withOpenPixel(message, 'https://firma.example.co', id)).toBe(message);
    expect(openPixelUrl('http://127.0.0.1:3000//', id)).toBe(
      `http://127.0.0.1:3000/correo/abierto/${id}.gif`,
    );
  });
});

describe('SMTP failure classification', () => {
  it('treats 5xx replies as permanent and 4xx or network errors as temporary, keeping the reply', () => {
    const bounced = classifySmtpError({
      responseCode: 550,
      response: '550 5.1.1 Buzón inexistente',
      message: 'x',
    });
    expect(bounced).toMatchObject({ permanent: true, message: '550 5.1.1 Buzón inexistente' });
    expect(classifySmtpError({ responseCode: 452, response: '452 Buzón lleno' }).permanent).toBe(false);
    expect(classifySmtpError(new Error('connect ECONNREFUSED 127.0.0.1:25'))).toMatchObject({
      permanent: false,
      message: 'connect ECONNREFUSED 127.0.0.1:25',
    });
  });
});
