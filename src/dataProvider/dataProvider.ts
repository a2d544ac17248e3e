import type { DataProvider, DeleteManyParams, Identifier, RaRecord, UpdateManyParams } from 'react-admin';
import { z } from 'zod';
import { type EndpointDefinition, endpoints } from '../../contract';
import type { TotalKind } from '../../contract/schemas';
import type { FeedbackBus } from '../feedback/feedbackBus';
import { type CallEndpoint, createEndpointEnvelopeRequester } from './callEndpoint';
import type { HttpClient } from './httpClient';
import { createNamedCalls, type TryCallEndpoint } from './namedCalls';
import type {
  BindableMethod,
  MethodParams,
  MethodResult,
  ResourceDataDeclaration,
  ResourceDataDeclarations,
} from './types';

/**
 * The data provider with its typed custom methods for bespoke screens: `callEndpoint` rejects on
 * failure (forms get field errors), `tryCallEndpoint` swallows it as SPEC §7.3 says. Both take
 * `{ alert: true }` to show the reply as a toast.
 */
export type AppDataProvider = DataProvider & { callEndpoint: CallEndpoint; tryCallEndpoint: TryCallEndpoint };

export type DataProviderOptions = {
  httpClient: HttpClient;
  resources: ResourceDataDeclarations;
  /** Where bespoke calls report toasts, requests under way and swallowed failures. */
  feedback?: FeedbackBus;
};

/** SPEC §2.7: tables offer 15, 50 and 100 rows; 15 when react-admin asks without pagination. */
export const DEFAULT_PER_PAGE = 15;

type LooseInput = Record<string, unknown>;

/** Keys of an object schema (zod exposes them as `shape`); none for anything else. */
function schemaKeys(schema: unknown): string[] {
  if (
    schema &&
    typeof schema === 'object' &&
    'shape' in schema &&
    schema.shape &&
    typeof schema.shape === 'object'
  ) {
    return Object.keys(schema.shape);
  }
  return [];
}

/** The filters an endpoint accepts: query keys for GET, the body for other methods. */
function filterInput(definition: EndpointDefinition, filter: LooseInput = {}): LooseInput {
  if (definition.method !== 'GET') return definition.body ? { body: filter } : {};
  const accepted = new Set(schemaKeys(definition.query));
  return Object.fromEntries(Object.entries(filter).filter(([key]) => accepted.has(key)));
}

/** The list's sort, for a GET whose query accepts that sort key and an order. */
function sortInput(definition: EndpointDefinition, sort?: { field: string; order: string }): LooseInput {
  if (!sort?.field || definition.method !== 'GET' || !definition.query) return {};
  const input = { sort: sort.field, order: sort.order };
  const shape = (definition.query as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const accepted =
    shape.sort && shape.order && z.object({ sort: shape.sort, order: shape.order }).safeParse(input);
  return accepted?.success ? input : {};
}

function pageInput({ pagination }: { pagination?: { page: number; perPage: number } }) {
  return { page: pagination?.page ?? 1, itemsPerPage: pagination?.perPage ?? DEFAULT_PER_PAGE };
}

const hasId = (value: unknown): value is RaRecord =>
  !!value && typeof value === 'object' && 'id' in value && value.id !== undefined && value.id !== null;

/**
 * A page reply `{ items, total, total_kind? }` (contract `paginated`) as react-admin's
 * `{ data, total }`; a total that is not an exact count says so in `meta.totalKind`.
 */
function pageResult(reply: unknown): { data: RaRecord[]; total: number; meta?: { totalKind: TotalKind } } {
  if (Array.isArray(reply)) return { data: reply, total: reply.length };
  const page = (reply ?? {}) as { items?: RaRecord[]; total?: number; total_kind?: TotalKind };
  const data = page.items ?? [];
  const result = { data, total: page.total ?? data.length };
  return page.total_kind ? { ...result, meta: { totalKind: page.total_kind } } : result;
}

/** How the generic adapter builds an endpoint's input from react-admin's params. */
const defaultInputs: {
  [M in BindableMethod]: (params: MethodParams<M>, definition: EndpointDefinition) => LooseInput;
} = {
  getList: (params, definition) => ({
    ...filterInput(definition, params.filter),
    ...pageInput(params),
    ...sortInput(definition, params.sort),
  }),
  getOne: ({ id }) => ({ id }),
  getMany: ({ ids }) => ({ ids }),
  getManyReference: (params, definition) => ({
    ...filterInput(definition, params.filter),
    [params.target]: params.id,
    ...pageInput(params),
  }),
  create: ({ data }) => ({ body: data }),
  update: ({ id, data }) => ({ id, body: data }),
  delete: ({ id }) => ({ id }),
};

/** How the generic adapter turns a reply's `data` into react-admin's result. */
const defaultResults: {
  [M in BindableMethod]: (reply: unknown, params: MethodParams<M>) => MethodResult<M>;
} = {
  getList: (reply) => pageResult(reply),
  getOne: (reply) => ({ data: reply }),
  getMany: (reply) => ({ data: pageResult(reply).data }),
  getManyReference: (reply) => pageResult(reply),
  create: (reply) => ({ data: reply }),
  // Endpoints that answer an update or delete with `{}` still give react-admin a whole record.
  update: (reply, { id, data, previousData }) => ({
    data: hasId(reply) ? reply : { ...previousData, ...data, id },
  }),
  delete: (reply, { id, previousData }) => ({ data: hasId(reply) ? reply : (previousData ?? { id }) }),
};

/**
 * The server's Spanish reply to a save or delete («Centro de costo creado»), kept on the record
 * react-admin hands to `onSuccess` under a key no form, list or JSON ever sees.
 */
const REPLY_MESSAGE = Symbol('replyMessage');

/** What the server said of a saved or deleted record, if it said anything. */
export function replyMessageOf(record: unknown): string | undefined {
  return record && typeof record === 'object'
    ? (record as { [REPLY_MESSAGE]?: string })[REPLY_MESSAGE]
    : undefined;
}

const SAYS_WHAT_IT_DID = new Set<BindableMethod>(['create', 'update', 'delete']);

/** A binding with its endpoint-specific types erased, as the generic adapter runs it. */
type LooseBinding = {
  endpoint: keyof typeof endpoints;
  toInput?: (params: unknown) => LooseInput;
  fromReply?: (reply: unknown, params: unknown) => unknown;
};

/**
 * Maps react-admin calls onto contract endpoints by name. Each resource declares which endpoint
 * serves each method (`resources`); the generic adapter fills in paths, pagination and reply shapes,
 * and rejects methods a resource does not declare.
 */
export function createDataProvider({
  httpClient,
  resources,
  feedback,
}: DataProviderOptions): AppDataProvider {
  const request = createEndpointEnvelopeRequester(httpClient);

  function bindingOf(resource: string, method: BindableMethod): LooseBinding {
    const declaration: ResourceDataDeclaration | undefined = Object.hasOwn(resources, resource)
      ? resources[resource]
      : undefined;
    const binding = declaration?.[method];
    if (!binding) throw new Error(`El recurso «${resource}» no admite la operación ${method}`);
    // Declarations are checked against the contract where they are written; here they run untyped.
    return binding as unknown as LooseBinding;
  }

  async function run<M extends BindableMethod>(
    method: M,
    resource: string,
    params: MethodParams<M>,
  ): Promise<MethodResult<M>> {
    const binding = bindingOf(resource, method);
    const input = binding.toInput
      ? binding.toInput(params)
      : defaultInputs[method](params, endpoints[binding.endpoint]);
    const signal = 'signal' in params ? params.signal : undefined;
    const { data: reply, message } = await request(binding.endpoint, input, { signal });
    const result = (
      binding.fromReply ? binding.fromReply(reply, params) : defaultResults[method](reply, params)
    ) as MethodResult<M>;
    const record = (result as { data?: unknown }).data;
    if (message && SAYS_WHAT_IT_DID.has(method) && record && typeof record === 'object')
      Object.defineProperty(record, REPLY_MESSAGE, { value: message, enumerable: false });
    return result;
  }

  const supports = (resource: string, method: BindableMethod) =>
    Object.hasOwn(resources, resource) && resources[resource]?.[method] !== undefined;

  return {
    supportAbortSignal: true,
    getList: (resource, params) => run('getList', resource, params),
    getOne: (resource, params) => run('getOne', resource, params),
    // Without a batch endpoint, fetch the records one by one.
    getMany: async (resource, params) => {
      if (supports(resource, 'getMany')) return run('getMany', resource, params);
      const records = await Promise.all(
        params.ids.map((id) => run('getOne', resource, { id, signal: params.signal, meta: params.meta })),
      );
      return { data: records.map((record) => record.data) };
    },
    getManyReference: (resource, params) => run('getManyReference', resource, params),
    create: (resource, params) => run('create', resource, params),
    update: (resource, params) => run('update', resource, params),
    updateMany: async (resource, { ids, data, meta }: UpdateManyParams) => {
      await Promise.all(
        ids.map((id: Identifier) => run('update', resource, { id, data, meta, previousData: { id } })),
      );
      return { data: ids };
    },
    delete: (resource, params) => run('delete', resource, params),
    deleteMany: async (resource, { ids, meta }: DeleteManyParams) => {
      await Promise.all(ids.map((id: Identifier) => run('delete', resource, { id, meta })));
      return { data: ids };
    },
    ...createNamedCalls({ httpClient, feedback }),
  };
}
