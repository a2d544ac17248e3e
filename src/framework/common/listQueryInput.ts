import type { GetListParams } from 'react-admin';
import { type EndpointDefinition, listInputsOf, type SortKeyOf } from '../../../contract';

/**
 * The common part of a list endpoint's input from react-admin's `getList` params: page and page
 * size, the search box (`q` or `search`) as `search`, the filters an endpoint accepts, and the sort
 * when the endpoint accepts that field. Used by the data declarations whose endpoints take
 * `page`, `itemsPerPage`, `search`, `sort` and `order` as plain keys (query or body).
 */
export type ListQuery<F extends string, S extends string> = {
  page: number;
  itemsPerPage: number;
  search?: string;
  sort?: S;
  order?: 'ASC' | 'DESC';
} & Partial<Record<F, string | number>>;

export type ListQueryOptions<F extends string, S extends string> = {
  /** Filter keys the endpoint accepts, passed through when not empty. */
  filters: readonly F[];
  /** Sort fields the endpoint accepts; any other sort is left to the server's default. */
  sorts: readonly S[];
};

/**
 * The filters (besides the search, which `listQueryInput` reads itself) and the sorts of a list
 * endpoint, as its contract declares them: a screen restates neither.
 */
export function listOptionsOf<E extends EndpointDefinition>(
  endpoint: E,
): ListQueryOptions<string, SortKeyOf<E>> {
  const inputs = listInputsOf(endpoint);
  return {
    filters: Object.keys(inputs?.filters ?? {}).filter((name) => name !== 'search'),
    sorts: (inputs?.sorts ?? []) as readonly SortKeyOf<E>[],
  };
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

export function listQueryInput<F extends string, S extends string>(
  { pagination, sort, filter = {} }: GetListParams,
  { filters, sorts }: ListQueryOptions<F, S>,
): ListQuery<F, S> {
  const query: Record<string, unknown> = {
    page: pagination?.page ?? 1,
    itemsPerPage: pagination?.perPage ?? 15,
  };
  const search = filter.q ?? filter.search;
  if (typeof search === 'string' && search.trim() !== '') query.search = search.trim();
  for (const key of filters) {
    const value: unknown = filter[key];
    if (!isBlank(value)) query[key] = value;
  }
  if (sort?.field && (sorts as readonly string[]).includes(sort.field)) {
    query.sort = sort.field;
    query.order = sort.order === 'ASC' ? 'ASC' : 'DESC';
  }
  return query as ListQuery<F, S>;
}
