import { describe, expect, it } from 'vitest';
import type { PdfTemplateRecord } from '../../../contract/endpoints/pdfRequests';
import { fitInPage, placeField, resizeField } from './fieldGeometry';
import { cotDate, draftOf, draftProblems, signPdfMultipleInput } from './pdfRequestsData';

const template: PdfTemplateRecord = {
  id: 4,
  company_id: 3,
  name: 'Contrato Marco.PDF',
  sha256: 'b'.repeat(64),
  page_count: 1,
  pages: [{ width: 612, height: 792 }],
  fields: [],
  signers: [
    { number: 1, label: 'Firmante 1' },
    { number: 2, label: 'Firmante 2' },
  ],
  batch_id: null,
  send: null,
  created_at: '',
  updated_at: '',
};

describe('PDF draft data', () => {
  it('dates the last day in Colombia, whatever the browser zone', () => {
    // 03:00 UTC on the 1st is still the evening of the 31st in COT.
    expect(cotDate(0, new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
    expect(cotDate(30, new Date('2026-01-01T12:00:00Z'))).toBe('2026-01-31');
  });

  it('names each problem of a draft: title, names, e-mails, a signer without a signature box', () => {
    const draft = draftOf(template, null);
    expect(draft.title).toBe('Contrato Marco');
    expect(draft.recipients.map((recipient) => recipient.number)).toEqual([1, 2]);
    draft.recipients[0] = { ...draft.recipients[0]!, name: 'Ana', email: 'ana@correo' };
    draft.recipients[1] = { ...draft.recipients[1]!, kind: 'copy' };
    draft.fields = [
      placeField({
        fields: [],
        kind: 'date',
        signer: 1,
        page: 1,
        size: template.pages[0]!,
        point: { left: 50, top: 50 },
      }),
    ];
    expect(draftProblems({ ...draft, title: ' ' })).toEqual({
      title: 'required',
      'recipients.0.email': 'invalid_email',
      'recipients.1.name': 'required',
      'recipients.1.email': 'required',
      fields: 'needs_signature',
    });
  });

  it('asks for the phone of a signer who gets the code by SMS or WhatsApp', () => {
    const draft = draftOf(template, null);
    draft.recipients = draft.recipients.map((recipient) => ({
      ...recipient,
      name: 'Ana',
      email: 'ana@correo.test',
      authentication: recipient.number === 1 ? ['sms_otp'] : ['email_otp', 'selfie'],
    }));
    expect(draftProblems(draft)['recipients.0.phone']).toBe('phone_required');
    expect(draftProblems(draft)['recipients.1.phone']).toBeUndefined();
    draft.recipients[0]!.phone = '3001234567';
    expect(draftProblems(draft)['recipients.0.phone']).toBeUndefined();
  });

  it('builds one bulk send with each file and its own signers', () => {
    const first = draftOf(template, null);
    first.recipients = [
      {
        number: 1,
        kind: 'signer',
        name: ' Ana ',
        email: 'ana@correo.test',
        phone: '',
        authentication: ['email_otp', 'selfie'],
      },
    ];
    const input = signPdfMultipleInput([first], {
      message: '',
      signing_order: 'parallel',
      expires_at: '2030-01-31',
      reminder_days: '3',
    });
    expect(input.body).toEqual({
      signing_order: 'parallel',
      expires_at: '2030-01-31',
      reminder_days: 3,
      items: [
        {
          pdf_template_id: 4,
          title: 'Contrato Marco',
          signers: [
            {
              number: 1,
              kind: 'signer',
              name: 'Ana',
              email: 'ana@correo.test',
              authentication: ['email_otp', 'selfie'],
            },
          ],
        },
      ],
    });
  });
});

describe('field geometry', () => {
  const page = { width: 612, height: 792 };
  it('fits a box inside its page and never below the smallest size', () => {
    const field = {
      field: 'f',
      kind: 'text' as const,
      signer: 1,
      page: 1,
      x: 610,
      y: -10,
      width: 2,
      height: 900,
    };
    expect(fitInPage(field, page)).toEqual({ ...field, x: 604, y: 0, width: 8, height: 792 });
  });
  it('resizes from the bottom-right corner keeping the top edge', () => {
    const field = {
      field: 'f',
      kind: 'signature' as const,
      signer: 1,
      page: 1,
      x: 100,
      y: 100,
      width: 100,
      height: 40,
    };
    const grown = resizeField(field, page, 20, 10);
    expect(grown).toMatchObject({ width: 120, height: 50, y: 90 });
    expect(grown.y + grown.height).toBe(field.y + field.height);
  });
});
