import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { recordingHttpClient } from '../../test/fakes';
import { helpArticlesData } from '../helpArticles/helpArticlesData';
import { notificationsData } from './notificationsData';

const resources = { notifications: notificationsData, help_articles: helpArticlesData };

describe('notifications and help articles data declarations', () => {
  it('lists notifications through notifications_list with filters in the body', async () => {
    const httpClient = recordingHttpClient({ data: { items: [], total: 0 } });
    await createDataProvider({ httpClient, resources }).getList('notifications', {
      pagination: { page: 1, perPage: 15 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { search: 'función', status: 'draft', audience: 'company' },
    });
    expect(httpClient.requests[0]).toEqual({
      method: 'POST',
      url: '/api/notifications_list',
      body: {
        page: 1,
        itemsPerPage: 15,
        search: 'función',
        status: 'draft',
        audience: 'company',
        sort: 'created_at',
        order: 'DESC',
      },
    });
  });

  it('sends only the target of the chosen audience', async () => {
    const httpClient = recordingHttpClient({ data: { id: 1 } }, { data: { id: 1 } });
    const dataProvider = createDataProvider({ httpClient, resources });
    await dataProvider.create('notifications', {
      data: { title: 'Hola', body: '<p>Texto</p>', audience: 'user', company_id: 3, user_id: '12' },
    });
    await dataProvider.update('notifications', {
      id: 1,
      data: { title: 'Hola', body: '<p>Texto</p>', audience: 'all', company_id: 3, user_id: 12 },
      previousData: { id: 1 },
    });
    expect(httpClient.requests).toEqual([
      {
        method: 'POST',
        url: '/api/save_notification',
        body: { title: 'Hola', body: '<p>Texto</p>', audience: 'user', company_id: null, user_id: 12 },
      },
      {
        method: 'PUT',
        url: '/api/update_notification/1',
        body: { title: 'Hola', body: '<p>Texto</p>', audience: 'all', company_id: null, user_id: null },
      },
    ]);
  });

  it('maps help articles onto help_articles_list and the article endpoints', async () => {
    const httpClient = recordingHttpClient(
      { data: { items: [], total: 0 } },
      { data: { id: 2 } },
      { data: { id: 2 } },
      { data: { id: 2 } },
    );
    const dataProvider = createDataProvider({ httpClient, resources });
    await dataProvider.getList('help_articles', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'position', order: 'ASC' },
      filter: { category: 'Firmas' },
    });
    await dataProvider.getOne('help_articles', { id: 2 });
    await dataProvider.create('help_articles', {
      data: {
        title: '¿Cómo firmo?',
        category: 'Firmas',
        body_html: '<p>Así</p>',
        status: 'published',
        position: '3',
      },
    });
    await dataProvider.delete('help_articles', { id: 2, previousData: { id: 2 } });
    expect(httpClient.requests).toEqual([
      {
        method: 'POST',
        url: '/api/help_articles_list',
        body: { page: 1, itemsPerPage: 50, category: 'Firmas', sort: 'position', order: 'ASC' },
      },
      { method: 'GET', url: '/api/get_help_article/2' },
      {
        method: 'POST',
        url: '/api/save_help_article',
        body: {
          title: '¿Cómo firmo?',
          category: 'Firmas',
          body_html: '<p>Así</p>',
          status: 'published',
          position: 3,
        },
      },
      { method: 'DELETE', url: '/api/delete_help_article/2' },
    ]);
  });
});
