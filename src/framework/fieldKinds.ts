import type { RaRecord } from 'react-admin';
import type { z } from 'zod';
import { type EndpointName, endpoints, fieldMetaIn, schemaLayers } from '../../contract';
import type { ResourceDataDeclaration } from '../dataProvider/types';
import type { AppMessageKey } from '../i18n/en';
import type { FieldChoices, FieldDeclaration, FieldKind } from './types';

/** A declared field once its kind, choices and referenced resource are known. */
export type NamedField = Omit<FieldDeclaration<RaRecord>, 'kind' | 'choices'> & {
  source: string;
  kind: FieldKind;
  choices?: FieldChoices;
  /** The resource a reference field names a record of. */
  references?: string;
};

/** What a field's schema says about it: its kind, an enum's values, a reference's resource. */
export type SchemaKind = { kind: FieldKind; values?: readonly string[]; references?: string };

/** A text limit from which a field is edited in a multi-line box (descriptions, notes). */
export const LONG_TEXT_FROM = 500;

type Def = {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
  entries?: Record<string, string>;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
};
type Internals = { def: Def; bag: { format?: string } };
const internalsOf = (schema: z.ZodType) => (schema as unknown as { _zod: Internals })._zod;

/** A string schema's length limit (`.max(n)`), if it has one. */
const maxLengthOf = (def: Def) =>
  def.checks?.map((check) => check._zod.def).find((check) => check.check === 'max_length')?.maximum;

/** The kind a field's schema implies, or `undefined` when it cannot tell (an object, a union). */
export function kindOfSchema(schema: z.ZodType): SchemaKind | undefined {
  const meta = fieldMetaIn(schema);
  if (meta?.kind === 'reference') return { kind: 'reference', references: meta.resource };
  if (meta) return { kind: meta.kind };
  for (const layer of schemaLayers(schema)) {
    const { def, bag } = internalsOf(layer);
    switch (def.type) {
      case 'boolean':
        return { kind: 'boolean' };
      case 'number':
        return { kind: 'number' };
      case 'enum':
        return { kind: 'choice', values: Object.values(def.entries ?? {}) };
      case 'string':
        if ((def.format ?? bag.format) === 'date') return { kind: 'date' };
        if ((def.format ?? bag.format) === 'datetime') return { kind: 'dateTime' };
        return { kind: (maxLengthOf(def) ?? 0) >= LONG_TEXT_FROM ? 'longText' : 'text' };
    }
  }
  return undefined;
}

/** The fields of an object schema, through optional, pipes and the like. */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  const object = schemaLayers(schema).find((layer) => internalsOf(layer).def.type === 'object');
  return object ? (internalsOf(object).def.shape ?? {}) : {};
}

/** A list reply's item (`{ items: [item] }`), or the reply itself. */
function itemOf(reply: z.ZodType | undefined): z.ZodType | undefined {
  const items = shapeOf(reply).items;
  const array = items && schemaLayers(items).find((layer) => internalsOf(layer).def.type === 'array');
  return array ? internalsOf(array).def.element : reply;
}

const definitionOf = (name: EndpointName | undefined) =>
  name ? (endpoints[name] as { body?: z.ZodType; reply?: z.ZodType; query?: z.ZodType }) : undefined;

/**
 * The schemas the contract gives each field of a resource, most telling first: the create and
 * update bodies (their rules and marks: money, references, text limits), then the records the API
 * sends, then the list's filters.
 */
export function fieldSchemasOf(data: ResourceDataDeclaration): Record<string, z.ZodType[]> {
  const shapes = [
    shapeOf(definitionOf(data.create?.endpoint)?.body),
    shapeOf(definitionOf(data.update?.endpoint)?.body),
    shapeOf(definitionOf(data.getOne?.endpoint)?.reply),
    shapeOf(itemOf(definitionOf(data.getList?.endpoint)?.reply)),
    shapeOf(definitionOf(data.getList?.endpoint)?.query),
  ];
  const found: Record<string, z.ZodType[]> = {};
  for (const shape of shapes)
    for (const [field, schema] of Object.entries(shape)) found[field] = [...(found[field] ?? []), schema];
  return found;
}

/** The kind the contract implies for a field of the resource (the tenant's `company_id`: company). */
export function inferredKindOf(source: string, schemas: readonly z.ZodType[] = []): SchemaKind {
  if (source === 'company_id') return { kind: 'company' };
  for (const schema of schemas) {
    const kind = kindOfSchema(schema);
    if (kind) return kind;
  }
  return { kind: 'text' };
}

/**
 * A declared field with what the declaration leaves out taken from the contract: its kind, a
 * choice's values (labels `resources.<resource>.<source>.<value>` of the resource's catalogue) and
 * a reference's resource. What the declaration states wins.
 */
export function resolveField(
  resource: string,
  source: string,
  declared: FieldDeclaration<RaRecord>,
  schemas?: readonly z.ZodType[],
): NamedField {
  const inferred = inferredKindOf(source, schemas);
  const kind = declared.kind ?? inferred.kind;
  const { choices: declaredChoices, ...rest } = declared;
  const field: NamedField = { ...rest, source, kind };
  if (kind === 'choice')
    field.choices = {
      values: declaredChoices?.values ?? inferred.values ?? [],
      labels: declaredChoices?.labels ?? (`resources.${resource}.${source}` as AppMessageKey),
      ...(declaredChoices?.colors ? { colors: declaredChoices.colors } : {}),
      ...(declaredChoices?.anyLabel ? { anyLabel: declaredChoices.anyLabel } : {}),
    };
  const references = declared.references ?? inferred.references;
  if (kind === 'reference' && references) field.references = references;
  return field;
}

const resolved = new WeakMap<object, NamedField[]>();

/** Every declared field of a resource's screens, resolved against its contract endpoints (kept per declaration). */
export function resolvedFieldsOf(resource: {
  name: string;
  data: ResourceDataDeclaration;
  screens: { fields: Record<string, FieldDeclaration<RaRecord> | undefined> };
}): NamedField[] {
  const known = resolved.get(resource);
  if (known) return known;
  const schemas = fieldSchemasOf(resource.data);
  const fields = Object.entries(resource.screens.fields).flatMap(([source, field]) =>
    field ? [resolveField(resource.name, source, field, schemas[source])] : [],
  );
  resolved.set(resource, fields);
  return fields;
}
