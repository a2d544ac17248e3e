import type { EndpointDefinition } from '../../../contract/define.js';
import type { EndpointName } from '../../../contract/index.js';
import type { HandlerContext, HandlersOf } from '../../http/handlers.js';
import type { CompanyTable, CrudDeclaration, crudService } from './crud.js';

type Service = ReturnType<typeof crudService<CompanyTable, { id: number }, EndpointDefinition>>;

/** The endpoints behind each method of a resource, named the usual way (SPEC §7.2 style). */
export type CrudEndpoints = {
  /** params `{ page, itemsPerPage }`; `company_id` in params or query; query `search`, `sort`, `order`, filters. */
  list?: EndpointName;
  /** params `{ id }`. */
  get?: EndpointName;
  /** body with `company_id`. */
  create?: EndpointName;
  /** params `{ id }` and the changed fields. */
  update?: EndpointName;
  /** params `{ id }`; replies `{ id }`. */
  delete?: EndpointName;
  /** body `{ company_id?, search?, ...filters }`; an .xlsx file. */
  export?: EndpointName;
};

type NamesOf<E extends CrudEndpoints> = Extract<E[keyof E], EndpointName>;
type Context = HandlerContext<EndpointDefinition> & {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
};

/**
 * The handlers of a plain resource's endpoints, from its CRUD service. The route layer has
 * already validated each input with the contract and checked ownership; each reply goes out
 * through the endpoint's reply schema.
 */
export function crudHandlers<const E extends CrudEndpoints>(
  service: {
    declaration: Pick<CrudDeclaration<CompanyTable, { id: number }, EndpointDefinition>, 'messages'>;
  },
  names: E,
): HandlersOf<NamesOf<E>> {
  // Any resource's service: its inputs were validated against its own contract endpoints.
  const crud = service as Service;
  const { messages } = crud.declaration;
  const made: Record<string, (context: Context) => Promise<unknown>> = {};
  if (names.list) {
    made[names.list] = async ({ deps, params, query }) => {
      const { company_id, search, sort, order, ...filters } = query as {
        company_id?: number;
        search?: string;
        sort?: string;
        order?: 'ASC';
      };
      const data = await crud.list(deps, {
        companyId: Number(params.company_id ?? company_id),
        page: Number(params.page),
        itemsPerPage: Number(params.itemsPerPage),
        search,
        sort,
        order,
        filters,
      });
      return { data };
    };
  }
  if (names.get)
    made[names.get] = async ({ deps, params }) => ({
      data: await crud.get(deps.database.db, Number(params.id)),
    });
  if (names.create) {
    made[names.create] = async ({ deps, body }) => ({
      data: await crud.create(deps, body as { company_id: number }),
      message: messages.created,
    });
  }
  if (names.update) {
    made[names.update] = async ({ deps, params, body }) => ({
      data: await crud.update(deps, Number(params.id), body),
      message: messages.updated,
    });
  }
  if (names.delete) {
    made[names.delete] = async ({ deps, params }) => {
      await crud.remove(deps, Number(params.id));
      return { data: { id: Number(params.id) }, message: messages.deleted };
    };
  }
  if (names.export)
    made[names.export] = async ({ deps, actor, body }) => ({ file: crud.exportXlsx(deps, actor!, body) });
  return made as unknown as HandlersOf<NamesOf<E>>;
}
