import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { type EndpointName, endpoints, installSpanishZodMessages } from '../../contract';
import type { ResourceDataDeclaration } from '../dataProvider/types';

installSpanishZodMessages();

type Shape = Record<string, z.ZodType>;

function bodyShapeOf(endpoint: EndpointName | undefined): Shape {
  if (!endpoint) return {};
  const body = (endpoints[endpoint] as { body?: unknown }).body;
  return body instanceof z.ZodObject ? (body.shape as Shape) : {};
}

/**
 * The form's schema, taken from the contract: the create endpoint's body rules for every field of
 * the form (so a field required on creation stays required when editing), the update body's for a
 * field only it has. Fields the form does not show are left out; the record's other values (id,
 * dates) are dropped instead of refused.
 */
export function formSchemaOf(
  data: ResourceDataDeclaration,
  mode: 'create' | 'edit',
  fields: readonly string[],
): z.ZodObject<Shape> {
  const create = bodyShapeOf(data.create?.endpoint);
  const update = bodyShapeOf(mode === 'edit' ? data.update?.endpoint : undefined);
  const shape: Shape = {};
  for (const field of fields) {
    const rule = create[field] ?? update[field];
    if (rule) shape[field] = rule;
  }
  return z.object(shape);
}

/** Whether the schema refuses an empty value for `field` (the form marks it with an asterisk). */
export function isRequiredField(schema: z.ZodObject<Shape>, field: string): boolean {
  const rule = schema.shape[field];
  if (!rule) return false;
  // A field with a default (a status, a member list) is filled in already, so it is not marked.
  return !rule.safeParse(undefined).success;
}

/** react-hook-form validation from the contract schema, with the SPEC §5 Spanish messages. */
export function formResolverOf(schema: z.ZodObject<Shape>): Resolver {
  return zodResolver(schema) as unknown as Resolver;
}
