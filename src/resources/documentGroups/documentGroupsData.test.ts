import { afterEach, describe, expect, it } from 'vitest';
import { buildEndpointRequest } from '../../dataProvider/callEndpoint';
import { listDocumentPackagesInput } from './documentGroupsData';

const signedIn = (id: number) =>
  localStorage.setItem(
    'current_user',
    JSON.stringify({
      id,
      full_name: 'Ana Pérez',
      role_name: 'Operador',
      role_id: 22,
      company_id: 5,
      company_name: 'Andina',
      company_avatar: null,
      permissions: ['document_group.list'],
      isImpersonating: false,
      two_factor_enabled: false,
      features: [],
      support: { phone: null, whatsapp: null, email: null },
    }),
  );

describe('document groups data', () => {
  afterEach(() => localStorage.clear());

  it("lists a folder's groups as the signed-in user, with search and sort", () => {
    signedIn(7);
    const input = listDocumentPackagesInput({
      pagination: { page: 2, perPage: 15 },
      sort: { field: 'updated_at', order: 'DESC' },
      filter: { company_id: 5, folder_id: 9, search: ' arriendo ' },
    });
    expect(buildEndpointRequest('listDocumentPackages', input)).toEqual({
      method: 'GET',
      url: '/api/documents_packages_list/5/2/15/7?folder_id=9&search=arriendo&sort=updated_at&order=DESC',
    });
  });

  it('needs a company and a signed-in user', () => {
    signedIn(7);
    expect(() => listDocumentPackagesInput({ filter: {} } as never)).toThrow(/Seleccione una empresa/);
    localStorage.clear();
    expect(() => listDocumentPackagesInput({ filter: { company_id: 5 } } as never)).toThrow(/Inicie sesión/);
  });
});
