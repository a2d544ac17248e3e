import { pathOf } from '../access/routes';

export type HistoryLinkFilters = {
  status?: string;
  date_from?: string;
  date_to?: string;
  sort?: 'expires_at';
  order?: 'ASC';
};

/** The request history opened on the requests a figure counts (the filters its page reads from the URL). */
export function historyLink(filters: HistoryLinkFilters): string {
  const search = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return `${pathOf('admin.list-signature-request.list')}?${search}`;
}

/** A request's detail page. */
export const requestLink = (id: number) => pathOf('admin.update-signature-request.update', { id });
