import { screen } from '@testing-library/react';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { renderWithAdmin } from '../../test/harness';
import { ListPagination } from './ListPagination';

function renderPagination(total: number, meta?: unknown) {
  const context = {
    data: Array.from({ length: 15 }, (_, index) => ({ id: index + 1 })),
    total,
    meta,
    page: 1,
    perPage: 15,
    isPending: false,
    hasNextPage: true,
    hasPreviousPage: false,
    setPage: () => {},
    setPerPage: () => {},
  } as unknown as ListControllerResult;
  renderWithAdmin(
    <ListContextProvider value={context}>
      <ListPagination rowsPerPageOptions={[15, 50, 100]} />
    </ListContextProvider>,
  );
}

describe('ListPagination', () => {
  it('shows an exact total as it is, in Colombian digits', async () => {
    renderPagination(1234);
    expect(await screen.findByText('1-15 de 1.234')).toBeTruthy();
  });

  it('says when the total is a lower bound', async () => {
    renderPagination(1015, { totalKind: 'at_least' });
    expect(await screen.findByText('1-15 de 1.015 o más')).toBeTruthy();
  });

  it('says when the total is the database’s estimate', async () => {
    renderPagination(100000, { totalKind: 'approximate' });
    expect(await screen.findByText('1-15 de unos 100.000')).toBeTruthy();
  });
});
