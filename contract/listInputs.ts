import { z } from 'zod';
import type { BodyOf, EndpointDefinition, QueryOf } from './define.js';

/**
 * The sorts and filters of a list endpoint, read from its own schemas: they are declared once, in
 * the contract, and the server's services, the web's data providers and the API tests take them
 * from here instead of restating them.
 */
export type ListInputs = {
  /** Where the list's options travel: the query string (GET) or the body (POST lists). */
  from: 'query' | 'body';
  /** The values of its `sort` enum (none when it has no sort). */
  sorts: readonly string[];
  /** Its optional fields besides paging and ordering (search included), by name. */
  filters: Readonly<Record<string, z.ZodType>>;
};

type SortIn<T> = T extends { sort?: infer S } ? (unknown extends S ? string : Extract<S, string>) : never;
/**
 * The sort keys an endpoint's contract allows (`never` for an endpoint without a sort; any string
 * for an endpoint not known in detail).
 */
export type SortKeyOf<E extends EndpointDefinition> = SortIn<QueryOf<E>> | SortIn<BodyOf<E>>;

const NOT_FILTERS = new Set(['page', 'itemsPerPage', 'sort', 'order']);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional / default / nullable wrappers and preprocessing pipes. */
export function innerSchema(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out)
      current = defOf(def.in).type === 'transform' ? def.out : def.in;
    else return current;
  }
}

const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> | null => {
  const inner = schema ? innerSchema(schema) : undefined;
  return inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodType>) : null;
};

const enumValues = (schema: z.ZodType | undefined): string[] => {
  const inner = schema ? innerSchema(schema) : undefined;
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : [];
};

/** A reply of `paginated(...)`: `{ items: [...], total }`. */
const isPage = (reply: z.ZodType) => {
  const shape = shapeOf(reply);
  return Boolean(shape?.items && shape.total && innerSchema(shape.items) instanceof z.ZodArray);
};

/**
 * The list inputs of an endpoint that sorts or answers a page; `null` for any other endpoint.
 * The part holding `sort` holds the filters; a page without sort takes them from its query, else
 * from its body.
 */
export function listInputsOf(endpoint: EndpointDefinition): ListInputs | null {
  const parts = (['query', 'body'] as const).flatMap((from) => {
    const shape = shapeOf(endpoint[from]);
    return shape ? [{ from, shape }] : [];
  });
  const sorted = parts.find(({ shape }) => enumValues(shape.sort).length > 0);
  if (!sorted && !isPage(endpoint.reply)) return null;
  const part = sorted ?? parts[0];
  if (!part) return { from: 'query', sorts: [], filters: {} };
  const filters = Object.fromEntries(
    Object.entries(part.shape).filter(
      ([name, schema]) => !NOT_FILTERS.has(name) && schema.safeParse(undefined).success,
    ),
  );
  return { from: part.from, sorts: enumValues(part.shape.sort), filters };
}

/** The sort keys the endpoint's contract allows, in their declared order. */
export function sortKeysOf<E extends EndpointDefinition>(endpoint: E): readonly SortKeyOf<E>[] {
  return (listInputsOf(endpoint)?.sorts ?? []) as readonly SortKeyOf<E>[];
}
