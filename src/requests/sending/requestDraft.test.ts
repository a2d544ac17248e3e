import { describe, expect, it } from 'vitest';
import { bogotaDateIn, draftProblems, emptyDraft, type RequestForm, requestBody } from './requestDraft';

const FORM: RequestForm = {
  id: 5,
  company_id: 3,
  name: 'Grupo',
  signing_order: 'sequential',
  expiry_days: 15,
  reminder_days: 2,
  documents: [{ name: 'Contrato', kind: 'template' }],
  fields: [{ name: 'cliente', label: 'Cliente', type: 'text', required: true, filled_by: 0 }],
  signer_roles: [],
  authentications: [],
  signing_order_enabled: false,
  reminders_enabled: false,
};

describe('the single request draft', () => {
  it('dates in Bogotá: 23:00 of the 1st in Bogotá is already the 2nd in UTC', () => {
    expect(bogotaDateIn(0, new Date('2026-03-02T04:00:00Z'))).toBe('2026-03-01');
    expect(bogotaDateIn(15, new Date('2026-03-02T04:00:00Z'))).toBe('2026-03-16');
  });

  it('starts from the group, within what the company allows', () => {
    const draft = emptyDraft(FORM, new Date('2026-03-02T15:00:00Z'));
    // No sequential order and no reminders when the company has them off; one signer with no roles.
    expect(draft).toMatchObject({ signing_order: 'parallel', reminder_days: '', expires_at: '2026-03-17' });
    expect(draft.signers.map((signer) => [signer.number, signer.kind])).toEqual([[1, 'signer']]);
  });

  it('builds the body the server takes and finds the problems it would', () => {
    const draft = emptyDraft(FORM);
    draft.values = { cliente: '  ', otro: 'x' };
    draft.signers[0] = { ...draft.signers[0]!, name: 'Ana', email: 'no-es-correo' };
    expect(requestBody(5, draft, FORM)).toMatchObject({
      values: {},
      reminder_days: null,
      signers: [{ number: 1, name: 'Ana', kind: 'signer', phone: undefined }],
    });
    expect(draftProblems(5, draft, FORM)).toMatchObject({
      'values.cliente': 'Este campo es obligatorio',
      'signers.0.email': 'Ingrese un correo electrónico válido',
    });
  });

  it('sends the title the sender gave, or none for the group name', () => {
    const draft = emptyDraft(FORM);
    expect(requestBody(5, draft, FORM).title).toBeUndefined();
    draft.title = '  Arriendo bodega 12  ';
    expect(requestBody(5, draft, FORM).title).toBe('Arriendo bodega 12');
  });

  it("takes a signer's identification type from the shared list, as the server does", () => {
    const draft = emptyDraft(FORM);
    draft.values = { cliente: 'Comercial del Norte' };
    draft.signers[0] = { ...draft.signers[0]!, name: 'Ana', email: 'ana@correo.co', id_type: 'Cédula' };
    expect(draftProblems(5, draft, FORM)).toEqual({
      'signers.0.id_type': 'Elija un tipo de identificación de la lista (CC, CE, NIT, TI, PP, PEP, PPT)',
    });
    draft.signers[0] = { ...draft.signers[0]!, id_type: 'NIT' };
    expect(draftProblems(5, draft, FORM)).toEqual({});
  });
});
