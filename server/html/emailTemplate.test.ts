import { describe, expect, it } from 'vitest';
import { fillEmailTemplate } from './emailTemplate.js';

const hostile = 'javascript:alert(document.domain)//';

describe('fillEmailTemplate', () => {
  it('lets no javascript: or data: URL out of a value placed in a link or an image', () => {
    const email = fillEmailTemplate(
      {
        subject: 'Hola {{company_name}}',
        bodyHtml:
          '<p><a href="{{company_name}}">enlace</a> <img src="{{company_name}}" alt="x"> <a href="{{link}}">firmar</a></p>',
      },
      { company_name: hostile, link: 'https://firma.rubrica.test/signature-request/abc' },
    );
    expect(email.html).not.toMatch(/javascript:/i);
    expect(email.html).toContain('<a href="https://firma.rubrica.test/signature-request/abc"');
    const data = fillEmailTemplate(
      { subject: 's', bodyHtml: '<img src="{{company_name}}"><a href="{{company_name}}">x</a>' },
      { company_name: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' },
    );
    expect(data.html).not.toMatch(/data:/i);
  });

  it('escapes values in text, so a value never becomes markup', () => {
    const email = fillEmailTemplate(
      { subject: 's', bodyHtml: '<p>Firma de {{signer_name}}</p>' },
      { signer_name: '<script>alert(1)</script><b onclick="x()">Ana</b>' },
    );
    expect(email.html).not.toMatch(/<script|<b /);
    expect(email.html).toContain('&lt;b onclick');
    expect(email.text).toContain('<script>alert(1)</script>');
  });

  it('keeps the subject on one line whatever the values', () => {
    const email = fillEmailTemplate(
      { subject: 'Documento {{document_name}}', bodyHtml: '<p>x</p>' },
      { document_name: 'A\r\nBcc: otro@x.co' },
    );
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject).toBe('Documento A  Bcc: otro@x.co');
  });

  it('leaves a marker without a value empty', () => {
    expect(fillEmailTemplate({ subject: '{{code}}', bodyHtml: '<p>[{{code}}]</p>' }, {}).html).toBe(
      '<p>[]</p>',
    );
  });
});
