import { describe, expect, it } from 'vitest';
import { reportCompaniesData, reportFilterBody, reportsData } from './reportsData';

const params = (filter: Record<string, unknown>) => ({
  pagination: { page: 2, perPage: 50 },
  sort: { field: 'created_at', order: 'ASC' as const },
  filter,
});

describe('report data', () => {
  it('sends the company report the filters it accepts, never a company', () => {
    const input = reportsData.getList.toInput(
      params({ status: 'completed', branch_id: 4, company_id: 9, date_from: '2026-11-01', created_by: '' }),
    );
    expect(input).toEqual({
      body: {
        page: 2,
        itemsPerPage: 50,
        status: 'completed',
        branch_id: 4,
        date_from: '2026-11-01',
        sort: 'created_at',
        order: 'ASC',
      },
    });
  });

  it('lets the platform report filter by company', () => {
    const input = reportCompaniesData.getList.toInput(params({ company_id: 9 }));
    expect(input.body).toMatchObject({ company_id: 9, page: 2 });
  });

  it('exports with the list filters only (no page nor sort)', () => {
    const values = { status: 'rejected', company_id: 3, package_id: 7, page: 2, sort: 'title', q: '' };
    expect(reportFilterBody(values, 'company')).toEqual({ status: 'rejected', package_id: 7 });
    expect(reportFilterBody(values, 'platform')).toEqual({
      status: 'rejected',
      package_id: 7,
      company_id: 3,
    });
  });
});
