import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { recordingHttpClient } from '../../test/fakes';
import { renderWithAdmin } from '../../test/harness';
import { HomeBanners } from './HomeBanners';

const banner = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'text',
  title,
  body: `Texto de ${title}`,
  image_url: null,
  link_url: null,
  audience: 'all',
  company_id: null,
  company_name: null,
  starts_at: '2026-01-01T05:00:00.000Z',
  ends_at: '2026-12-31T05:00:00.000Z',
  status: 'active',
  active_now: true,
  created_at: '2026-01-01T05:00:00.000Z',
  updated_at: '2026-01-01T05:00:00.000Z',
  ...extra,
});

describe('HomeBanners', () => {
  it('shows the active banners from active_banners one at a time, with previous / next', async () => {
    const httpClient = recordingHttpClient({
      data: {
        items: [banner(1, 'Mantenimiento'), banner(2, 'Nueva función', { link_url: 'https://rubrica.test' })],
        total: 2,
      },
    });
    renderWithAdmin(<HomeBanners />, { dataProvider: createDataProvider({ httpClient, resources: {} }) });
    expect(await screen.findByRole('heading', { name: 'Mantenimiento' })).toBeInTheDocument();
    expect(httpClient.requests[0]).toEqual({ method: 'GET', url: '/api/active_banners' });
    await userEvent.click(screen.getByRole('button', { name: 'Anuncio siguiente' }));
    expect(screen.getByRole('heading', { name: 'Nueva función' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver más' })).toHaveAttribute('href', 'https://rubrica.test');
    await userEvent.click(screen.getByRole('button', { name: 'Ir al anuncio 1' }));
    expect(screen.getByRole('heading', { name: 'Mantenimiento' })).toBeInTheDocument();
  });

  it('shows nothing when there are no banners', async () => {
    const httpClient = recordingHttpClient({ data: { items: [], total: 0 } });
    const { container } = renderWithAdmin(<HomeBanners />, {
      dataProvider: createDataProvider({ httpClient, resources: {} }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('[aria-roledescription="carousel"]')).toBeNull();
  });
});
