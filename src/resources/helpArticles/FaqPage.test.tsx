import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { recordingHttpClient } from '../../test/fakes';
import { renderWithAdmin } from '../../test/harness';
import { FaqPage } from './FaqPage';
import { groupByCategory } from './faqGroups';

const article = (id: number, category: string, title: string, position = 0) => ({
  id,
  title,
  category,
  body_html: `<p>Respuesta ${id}</p>`,
  position,
});

describe('FaqPage', () => {
  it('groups the published articles by category and searches with faq_articles?q=', async () => {
    const httpClient = recordingHttpClient(
      {
        data: {
          items: [article(1, 'Firmas', '¿Cómo firmo?'), article(2, 'Cuenta', '¿Cómo cambio mi clave?')],
          total: 2,
        },
      },
      { data: { items: [], total: 0 } },
    );
    renderWithAdmin(<FaqPage />, {
      path: '/frequently-asked-questions',
      dataProvider: createDataProvider({ httpClient, resources: {} }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Firmas' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Cuenta' })).toBeInTheDocument();
    expect(httpClient.requests[0]).toEqual({ method: 'GET', url: '/api/faq_articles' });

    await userEvent.click(screen.getByText('¿Cómo firmo?'));
    expect(await screen.findByText('Respuesta 1')).toBeVisible();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar en las preguntas' }), 'xyz');
    expect(await screen.findByText('Ninguna pregunta coincide con «xyz».')).toBeInTheDocument();
    expect(httpClient.requests.at(-1)).toEqual({ method: 'GET', url: '/api/faq_articles?q=xyz' });
  });

  it('orders articles by position within their category', () => {
    const groups = groupByCategory([
      article(1, 'A', 'uno', 2),
      article(2, 'B', 'dos'),
      article(3, 'A', 'tres', 1),
    ]);
    expect(groups.map((group) => [group.category, group.articles.map((a) => a.id)])).toEqual([
      ['A', [3, 1]],
      ['B', [2]],
    ]);
  });
});
