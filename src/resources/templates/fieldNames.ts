import type { TemplateField } from '../../../contract/endpoints/templateFields';

/** A field name from its label: lower case, no accents, words joined by "_", unique in the list. */
export function fieldNameFor(label: string, taken: readonly string[]): string {
  const base =
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60) || 'campo';
  let name = base;
  for (let suffix = 2; taken.includes(name); suffix++) name = `${base}_${suffix}`;
  return name;
}

export type EditableField = TemplateField;
