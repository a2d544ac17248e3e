import type { z } from 'zod';
import type { EndpointDefinition, InputSource } from './define.js';

/** `id`, `*_id`, `*Id`, `*ID` and their plurals (`ids`, `*_ids`, `*Ids`, `*IDs`). */
export const ID_LIKE = /^ids?$|_ids?$|[a-z0-9](Id|ID)s?$/;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  element?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object shapes a schema accepts, looking through optional, default, pipes, unions, arrays. */
function shapesOf(schema: z.ZodType | undefined): Record<string, z.ZodType>[] {
  if (!schema) return [];
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return def.shape ? [def.shape] : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return shapesOf(def.innerType);
    case 'pipe':
      // A preprocess is a pipe whose input is a transform: the output names the fields.
      return [...shapesOf(def.in), ...shapesOf(def.out)];
    case 'union':
      return (def.options ?? []).flatMap(shapesOf);
    case 'intersection':
      return [...shapesOf(def.left), ...shapesOf(def.right)];
    case 'array':
      return shapesOf(def.element);
    default:
      return [];
  }
}

/** Every id-like field an endpoint takes, as `from.path` (nested fields dotted). */
export function idFieldsOf(definition: EndpointDefinition): { from: InputSource; field: string }[] {
  const found = new Map<string, { from: InputSource; field: string }>();
  const walk = (from: InputSource, schema: z.ZodType | undefined, prefix: string) => {
    for (const shape of shapesOf(schema)) {
      for (const [key, value] of Object.entries(shape)) {
        const field = prefix + key;
        if (ID_LIKE.test(key)) found.set(`${from}.${field}`, { from, field });
        walk(from, value, `${field}.`);
      }
    }
  };
  walk('params', definition.params, '');
  walk('query', definition.query, '');
  walk('body', definition.body, '');
  return [...found.values()];
}

/**
 * Fail closed: every id-like field of every non-public endpoint has an ownership rule or an
 * explicit "not a tenant record" mark with its reason. Returns one Spanish line per gap.
 * A global endpoint needs neither: only the platform company, which sees every tenant, may call it.
 */
export function ownershipGaps(endpoints: Record<string, EndpointDefinition>): string[] {
  const gaps: string[] = [];
  for (const [name, definition] of Object.entries(endpoints)) {
    if (definition.scope === 'public' || definition.scope === 'global') continue;
    const marks = definition.notTenant ?? {};
    for (const [field, reason] of Object.entries(marks)) {
      if (reason.trim().length < 5)
        gaps.push(`${name}: la marca «${field}» no dice por qué no es de un tenant`);
    }
    for (const { from, field } of idFieldsOf(definition)) {
      const owned = definition.owns?.some((rule) => rule.from === from && rule.field === field);
      if (!owned && !(field in marks)) {
        gaps.push(
          `${name} (${definition.method} ${definition.path}): ${from}.${field} no tiene regla de propiedad (owns) ni marca notTenant`,
        );
      }
    }
  }
  return gaps;
}
