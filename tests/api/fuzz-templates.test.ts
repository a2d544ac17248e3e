import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../server/db/factories.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

/** A company whose fiscal name is a script URL, placed by its own template into links and images. */
let t: TestApp;
let token: string;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signin(ADMIN.email, ADMIN.password);
  companyId = await createCompany(t.deps.database.db, {
    fiscalName: 'javascript:alert(document.domain)//',
    taxId: '900555444-3',
  });
});
afterAll(() => t.close());

describe('template values inside URL attributes', () => {
  it('get_template_content_preview returns no javascript: link nor image', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/get_template_content_preview',
      headers: bearer(token),
      payload: {
        company_id: companyId,
        template_key: 'signature_request',
        subject: 'Firma {{document_name}}',
        body_html:
          '<p><a href="{{company_name}}">Empresa</a><img src="{{company_name}}" alt="logo"> <a href="{{link}}">Firmar</a></p>',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { html } = response.json().data;
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toMatch(/<a href="http[^"]+\/signature-request\/ejemplo">Firmar<\/a>/);
  });
});
