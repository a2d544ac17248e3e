import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { recordingHttpClient } from '../../test/fakes';
import { bannerImageProblem } from './bannerImage';
import { bannersData } from './bannersData';

const resources = { banners: bannersData };

describe('banners data declaration', () => {
  it('lists with search, filters and sort in the query string of get_banners', async () => {
    const httpClient = recordingHttpClient({ data: { items: [{ id: 1, title: 'Hola' }], total: 1 } });
    const result = await createDataProvider({ httpClient, resources }).getList('banners', {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'starts_at', order: 'ASC' },
      filter: { search: ' mantenimiento ', status: 'active', active_now: 'true', kind: '' },
    });
    expect(httpClient.requests).toEqual([
      {
        method: 'GET',
        url: '/api/get_banners?page=2&itemsPerPage=50&search=mantenimiento&status=active&active_now=true&sort=starts_at&order=ASC',
      },
    ]);
    expect(result).toEqual({ data: [{ id: 1, title: 'Hola' }], total: 1 });
  });

  it('leaves a sort the endpoint does not accept to the server', async () => {
    const httpClient = recordingHttpClient({ data: { items: [], total: 0 } });
    await createDataProvider({ httpClient, resources }).getList('banners', {
      pagination: { page: 1, perPage: 15 },
      sort: { field: 'audience', order: 'ASC' },
      filter: {},
    });
    expect(httpClient.requests[0]?.url).toBe('/api/get_banners?page=1&itemsPerPage=15');
  });

  it('creates a company text banner: no image, end date until the end of that day in Bogotá', async () => {
    const httpClient = recordingHttpClient({ data: { id: 9 } });
    await createDataProvider({ httpClient, resources }).create('banners', {
      data: {
        kind: 'text',
        title: ' Aviso ',
        body: '',
        link_url: '',
        audience: 'company',
        company_id: '12',
        starts_at: '2026-03-01',
        ends_at: '2026-03-31',
        status: 'active',
        image: { filename: 'x.png', content_base64: 'AAA', preview: 'data:image/png;base64,AAA' },
      },
    });
    expect(httpClient.requests).toEqual([
      {
        method: 'POST',
        url: '/api/save_banner',
        body: {
          kind: 'text',
          title: 'Aviso',
          body: null,
          image: null,
          link_url: null,
          audience: 'company',
          company_id: 12,
          starts_at: '2026-03-01',
          ends_at: '2026-03-31T23:59:59',
          status: 'active',
        },
      },
    ]);
  });

  it('updates through update_banner with the id in the body, sending a newly picked image only', async () => {
    const httpClient = recordingHttpClient({ data: { id: 4, title: 'Nuevo' } }, { data: { id: 4 } });
    const dataProvider = createDataProvider({ httpClient, resources });
    await dataProvider.update('banners', {
      id: 4,
      data: {
        kind: 'image',
        title: 'Nuevo',
        audience: 'all',
        company_id: 3,
        starts_at: '2026-03-01',
        ends_at: '2026-03-02',
        status: 'inactive',
        image: { filename: 'b.jpg', content_base64: 'QUJD', preview: 'data:image/jpeg;base64,QUJD' },
      },
      previousData: { id: 4 },
    });
    expect(httpClient.requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/update_banner',
      body: {
        id: 4,
        image: { filename: 'b.jpg', content_base64: 'QUJD' },
        company_id: null,
        status: 'inactive',
      },
    });
    await dataProvider.delete('banners', { id: 4, previousData: { id: 4 } });
    expect(httpClient.requests[1]).toEqual({ method: 'DELETE', url: '/api/delete_banner/4' });
  });

  it('reads one banner from get_banner/{bannerId}', async () => {
    const httpClient = recordingHttpClient({ data: { id: 5 } });
    await createDataProvider({ httpClient, resources }).getOne('banners', { id: 5 });
    expect(httpClient.requests[0]).toEqual({ method: 'GET', url: '/api/get_banner/5' });
  });
});

describe('bannerImageProblem', () => {
  it('accepts a PNG or JPEG up to 1 MB and names what is wrong otherwise', () => {
    expect(bannerImageProblem({ type: 'image/png', size: 1024 * 1024 })).toBeNull();
    expect(bannerImageProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(bannerImageProblem({ type: 'image/png', size: 1024 * 1024 + 1 })).toBe(
      'app.platform.banners.image_too_large',
    );
    expect(bannerImageProblem({ type: 'image/gif', size: 10 })).toBe('app.platform.banners.image_type');
  });
});
