import { describe, expect, it } from 'vitest';
import { fillEmailTemplate } from './emailTemplate.js';

const hostile = 'javascript:alert(document.domain)//';

describe('fillEmailTemplate', () => {
  it('lets a value that ends in a period close the sentence, without a second period', () => {
    const email = fillEmailTemplate(
      {
        subject: 'Vence el {{expires_at}}.',
        bodyHtml: '<p>Puede firmarlo hasta el {{expires_at}}. De {{company_name}}.</p>',
      },
      { expires_at: '27/12/2026, 11:59 p. m.', company_name: 'Andina' },
    );
    expect(email.subject).toBe('Vence el 27/12/2026, 11:59 p. m.');
    expect(email.html).toBe('<p>Puede firmarlo hasta el 27/12/2026, 11:59 p. m. De Andina.</p>');
    expect(email.text).toContain('hasta el 27/12/2026, 11:59 p. m. De Andina.');
  });

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

  it('drops a URL attribute whose filled value hides a scheme, keeps the allowed ones', () => {
    const link = (value: string) =>
      fillEmailTemplate(
        { subject: 's', bodyHtml: '<a href="{{company_name}}">x</a>' },
        { company_name: value },
      ).html;
    expect(link('  JaVaScRiPt:alert(1)')).toBe('<a>x</a>');
    expect(link('java\tscript:alert(1)')).toBe('<a>x</a>');
    expect(link('//evil.example/x')).toBe('<a>x</a>');
    expect(link('vbscript:msgbox')).toBe('<a>x</a>');
    expect(link('https://acme.co/?a=1&b=2')).toBe('<a href="https://acme.co/?a=1&#38;b=2">x</a>');
    expect(link('mailto:hola@acme.co')).toBe('<a href="mailto:hola@acme.co">x</a>');
    expect(link('Acme S.A.S.')).toBe('<a href="Acme S.A.S.">x</a>');
  });

  it('escapes values in text, so a value never becomes markup', () => {
    const email = fillEmailTemplate(
      { subject: 's', bodyHtml: '<p>Firma de {{signer_name}}</p>' },
      { signer_name: '<script>alert(1)</script><b onclick="x()">Ana</b>' },
    );
    expect(email.html).not.toMatch(/<script|<b /);
    expect(email.html).toContain('&#60;b onclick');
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

  it('keeps each link address in the plain-text part, for readers without HTML', () => {
    const email = fillEmailTemplate(
      { subject: 'Firma', bodyHtml: '<p>Hola:</p><p><a href="{{link}}">Revisar y firmar</a></p>' },
      { link: 'https://firmas.test/signature-request/abc' },
    );
    expect(email.text).toContain('Revisar y firmar: https://firmas.test/signature-request/abc');
  });

  it('leaves a marker without a value empty', () => {
    expect(fillEmailTemplate({ subject: '{{code}}', bodyHtml: '<p>[{{code}}]</p>' }, {}).html).toBe(
      '<p>[]</p>',
    );
  });

  it('writes one period after a name that ends with one, in the body and the subject', () => {
    const email = fillEmailTemplate(
      {
        subject: 'Documento de {{company_name}}.',
        bodyHtml:
          '<p>Firmaron «{{document_name}}» de {{company_name}}.</p><p><strong>{{company_name}}</strong>.</p><p>{{company_name}}, Bogotá.</p>',
      },
      { company_name: 'Acme S.A.S.', document_name: 'Contrato' },
    );
    expect(email.subject).toBe('Documento de Acme S.A.S.');
    expect(email.html).toBe(
      '<p>Firmaron «Contrato» de Acme S.A.S.</p><p><strong>Acme S.A.S</strong>.</p><p>Acme S.A.S., Bogotá.</p>',
    );
    expect(email.text).not.toContain('..');
    const plain = fillEmailTemplate(
      { subject: 's', bodyHtml: '<p>De {{company_name}}.</p>' },
      { company_name: 'Acme Ltda' },
    );
    expect(plain.html).toBe('<p>De Acme Ltda.</p>');
  });

  it('greets with «Hola,» when the name is unknown, and «Hola Ana:» when it is known', () => {
    const greet = (name: string) =>
      fillEmailTemplate({ subject: 's', bodyHtml: '<p>Hola {{signer_name}}:</p>' }, { signer_name: name })
        .html;
    expect(greet('')).toBe('<p>Hola,</p>');
    expect(greet('   ')).toBe('<p>Hola,</p>');
    expect(greet('Ana Pérez')).toBe('<p>Hola Ana Pérez:</p>');
  });
});
