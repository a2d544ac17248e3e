import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../contract/html.js';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { companyEmailTemplates } from '../../server/db/schema/index.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { testDatabaseKind } from './support/database.js';
import { mailsTo } from './support/mailbox.js';
import { signAndComplete } from './support/signedRequest.js';
import { newBrowserSession, signingCaller } from './support/signing.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/**
 * The sender's notices: the rejection says why, the completion greets the sender by name (or
 * «Hola,» alone), and a company name ending in a period never gets a second one.
 */
describe(`the sender's notices of a request on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let companyId: number;
  let sender: number;
  let unnamed: number;
  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.deps.database;
    companyId = await createCompany(db, { fiscalName: 'Notarías Unidas S.A.S.', taxId: '900777888-1' });
    sender = await createUser(db, {
      companyId,
      roleId: ROLE.companyAdministrator,
      name: 'Marta',
      lastName: 'Remitente',
      email: 'marta@notarias.test',
    });
    unnamed = await createUser(db, {
      companyId,
      roleId: ROLE.companyAdministrator,
      name: '',
      lastName: '',
      email: 'sin.nombre@notarias.test',
    });
  });
  afterAll(() => t.close());

  const reject = async (title: string, reason: string) => {
    const request = await createTestRequest(t.deps, {
      companyId,
      createdBy: sender,
      title,
      signers: [{ name: 'Rita Rechazo', email: `rita.${title.length}@correo.test` }],
    });
    const rejected = await signingCaller(t)(
      'do_reject_sign_request',
      { token: request.signers[0]!.token, reason },
      newBrowserSession(),
    );
    expect(rejected.status).toBe(200);
    const mails = await mailsTo(t, 'marta@notarias.test');
    return mails.find((mail) => mail.subject === `«${title}» fue rechazado`)!;
  };

  it('tells the sender the reason of a rejection, escaped in the HTML part', async () => {
    const reason = 'El valor <b>no</b> es el acordado & "falta" una cláusula';
    const mail = await reject('Contrato rechazado con motivo', reason);
    expect(mail.html).toContain(`Motivo: ${escapeHtml(reason)}`);
    expect(mail.html).not.toContain('<b>no</b>');
    expect(mail.text).toContain(`Motivo: ${reason}`);
    expect(mail.html).toContain('de Notarías Unidas S.A.S.</p>');
    expect(mail.html).not.toContain('S.A.S..');
  });

  it('adds the reason to a company wording of the notice that leaves it out', async () => {
    await t.deps.database.db.insert(companyEmailTemplates).values({
      companyId,
      templateKey: 'signature_rejected',
      subject: '«{{document_name}}» fue rechazado',
      bodyHtml: '<p>{{signer_name}} no firmó.</p>',
    });
    const mail = await reject('Contrato con texto propio', 'Los datos no son míos');
    expect(mail.html).toBe('<p>Rita Rechazo no firmó.</p><p>Motivo: Los datos no son míos</p>');
  });

  it('greets the sender of a completed request by name, or with «Hola,» when it is unknown', async () => {
    for (const [createdBy, to, greeting] of [
      [sender, 'marta@notarias.test', '<p>Hola Marta Remitente:</p>'],
      [unnamed, 'sin.nombre@notarias.test', '<p>Hola,</p>'],
    ] as const) {
      const request = await createTestRequest(t.deps, {
        companyId,
        createdBy,
        title: `Contrato completo para ${to}`,
        signers: [{ name: 'Sol Firmante', email: 'sol.firmante@correo.test' }],
      });
      await signAndComplete(t.deps, request);
      const mail = (await mailsTo(t, to)).find((m) => m.subject.includes('fue firmado por todos'))!;
      expect(mail.html?.startsWith(greeting)).toBe(true);
      expect(mail.html).toContain('de Notarías Unidas S.A.S.</p>');
      expect(mail.html).not.toContain('S.A.S..');
    }
    const signerMail = (await mailsTo(t, 'sol.firmante@correo.test')).find((m) =>
      m.subject.includes('fue firmado por todos'),
    )!;
    expect(signerMail.html?.startsWith('<p>Hola Sol Firmante:</p>')).toBe(true);
  });
});
