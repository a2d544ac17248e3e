import { createDataProvider } from '../../dataProvider/dataProvider';
import type { HttpRequest } from '../../dataProvider/httpClient';

/** Test support of the history screens: request summaries and a fake API answering by path. */

export const summary = (id: number, title: string, status: string, signer = 'Ana Firmante') => ({
  id,
  company_id: 3,
  company_name: 'Notaría Central',
  title,
  source: 'single',
  status,
  package_id: null,
  package_name: 'Contratos laborales',
  created_by: 7,
  creator_name: 'Elena Prueba',
  signers: [{ id: id * 10, name: signer, email: 'ana@correo.test', status: 'invited' }],
  signed_count: 0,
  signer_count: 1,
  seal_status: 'not_ready',
  created_at: '2026-11-23T15:00:00.000Z',
  expires_at: '2026-12-23T15:00:00.000Z',
  completed_at: null,
});

/** A fake API answering by path, recording every request. */
export function fakeApi(answer: (request: HttpRequest) => unknown) {
  const requests: HttpRequest[] = [];
  const httpClient = async (request: HttpRequest) => {
    requests.push(request);
    return {
      status: 200,
      headers: new Headers(),
      json: { data: answer(request), message: 'Operación exitosa' },
    };
  };
  return { requests, dataProvider: createDataProvider({ httpClient, resources: {} }) };
}
