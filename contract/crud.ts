import { z } from 'zod';
import { type EndpointDefinition, endpoint } from './define.js';
import type { OwnedEntity } from './owners.js';
import type { Permission } from './permissions.js';
import { fieldMetaIn, id, itemsPerPage, page, paginated } from './schemas.js';

/** The body's references to other tenants' records (`referenceTo(resource, entity)`), as ownership rules. */
const referenceOwns = (body: z.ZodRawShape) =>
  Object.entries(body).flatMap(([field, schema]) => {
    const meta = fieldMetaIn(schema as z.ZodType);
    return meta?.kind === 'reference' && meta.entity
      ? [{ entity: meta.entity, from: 'body' as const, field }]
      : [];
  });

/** A company's record as every plain resource sends it: its own fields between id and dates (ISO text). */
export const companyRecord = <const S extends z.ZodRawShape>(fields: S) =>
  z
    .object({ id: z.number(), company_id: z.number(), company_name: z.string(), ...fields })
    .extend({ created_at: z.iso.datetime(), updated_at: z.iso.datetime() });

type Names = { list: string; get: string; create: string; update: string; delete: string };

type CrudOptions<N extends Names, R extends z.ZodType, B extends z.ZodRawShape, F extends z.ZodRawShape> = {
  names: N;
  /** Path of the collection (`cost_centers`): list `<base>/{page}/{itemsPerPage}`, one `<base>/{id}`. */
  base: string;
  area: string;
  permissions: readonly Permission[];
  /** The owned table of contract/owners.ts (or a resource's `ownedTables`) its ids name. */
  entity: OwnedEntity;
  /** Spanish plural for the summaries ("centros de costo"). */
  plural: string;
  record: R;
  /** Create body fields besides `company_id`; the update body takes each of them optionally. */
  body: B;
  /** Exact-match list filters (query fields, each optional). */
  filters?: F;
  sort: readonly [string, ...string[]];
};

function crudEndpointsOf<
  const N extends Names,
  R extends z.ZodType,
  const B extends z.ZodRawShape,
  const F extends z.ZodRawShape = Record<never, never>,
>(o: CrudOptions<N, R, B, F>) {
  const common = { area: o.area, scope: 'company' as const, permissions: o.permissions };
  const params = z.object({ id });
  const owns = [{ entity: o.entity, from: 'params' as const, field: 'id' }] as const;
  return {
    list: endpoint({
      ...common,
      method: 'GET',
      path: `${o.base}/{page}/{itemsPerPage}`,
      summary: `Los ${o.plural} de una empresa (?company_id=), con búsqueda (?search=), filtros, orden y páginas.`,
      params: z.object({ page, itemsPerPage }),
      query: z.object({
        ...(o.filters ?? ({} as F)),
        company_id: id,
        search: z.string().trim().max(200).optional(),
        sort: z.enum(o.sort).optional(),
        order: z.enum(['ASC', 'DESC']).optional(),
      }),
      reply: paginated(o.record),
      owns: [{ entity: 'company', from: 'query', field: 'company_id' }] as const,
      example: { params: { page: 1, itemsPerPage: 15 }, query: { company_id: 1 } },
    }),
    get: endpoint({
      ...common,
      method: 'GET',
      path: `${o.base}/{id}`,
      summary: `Uno de los ${o.plural}.`,
      params,
      reply: o.record,
      owns,
    }),
    create: endpoint({
      ...common,
      method: 'POST',
      path: o.base,
      summary: `Crea uno de los ${o.plural} de una empresa.`,
      body: z.object({ company_id: id, ...o.body }),
      reply: o.record,
      owns: [{ entity: 'company', from: 'body', field: 'company_id' }, ...referenceOwns(o.body)] as const,
    }),
    update: endpoint({
      ...common,
      method: 'PUT',
      path: `${o.base}/{id}`,
      summary: `Cambia uno de los ${o.plural}.`,
      params,
      body: z.object(o.body).partial(),
      reply: o.record,
      owns: [...owns, ...referenceOwns(o.body)],
      example: { params: { id: 1 }, body: {} },
    }),
    delete: endpoint({
      ...common,
      method: 'DELETE',
      path: `${o.base}/{id}`,
      summary: `Elimina uno de los ${o.plural}.`,
      params,
      reply: z.object({ id: z.number() }),
      owns,
    }),
  };
}

type Built<
  N extends Names,
  R extends z.ZodType,
  B extends z.ZodRawShape,
  F extends z.ZodRawShape,
> = ReturnType<typeof crudEndpointsOf<N, R, B, F>>;

/**
 * The five endpoints of a plain company-scoped resource (list, get, create, update, delete), named
 * as `names` says, with the shapes server/modules/common/crudHandlers.ts serves. The create
 * example is the caller's: only it knows a valid body.
 */
export function crudEndpoints<
  const N extends Names,
  R extends z.ZodType,
  const B extends z.ZodRawShape,
  const F extends z.ZodRawShape = Record<never, never>,
>(options: CrudOptions<N, R, B, F> & { createExample: Record<string, unknown> }) {
  const built: Built<N, R, B, F> = crudEndpointsOf(options);
  const table = {
    [options.names.list]: built.list,
    [options.names.get]: built.get,
    [options.names.create]: { ...built.create, example: { body: options.createExample } },
    [options.names.update]: built.update,
    [options.names.delete]: built.delete,
  } satisfies Record<string, EndpointDefinition>;
  return table as { [K in N['list']]: Built<N, R, B, F>['list'] } & {
    [K in N['get']]: Built<N, R, B, F>['get'];
  } & {
    [K in N['create']]: Built<N, R, B, F>['create'];
  } & { [K in N['update']]: Built<N, R, B, F>['update'] } & {
    [K in N['delete']]: Built<N, R, B, F>['delete'];
  };
}
