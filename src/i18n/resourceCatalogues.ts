import type { ResourceMessages } from './resourceMessages';

// Apart from resourceMessages.ts: the messages.ts files import that helper, and this eager glob
// evaluates them first, so the helper must not live in the module that globs.
const isMessages = (value: unknown): value is ResourceMessages =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ResourceMessages).name === 'string' &&
  typeof (value as ResourceMessages).es === 'object' &&
  typeof (value as ResourceMessages).en === 'object';

const declared = Object.values(
  import.meta.glob<Record<string, unknown>>(['../resources/*/messages.ts', '../requests/*/messages.ts'], {
    eager: true,
  }),
).flatMap((module) => Object.values(module).filter(isMessages));

/** `{ resources: { <name>: labels } }` of every resource's and workflow page's messages.ts, per language. */
export const RESOURCE_CATALOGUES = {
  en: { resources: Object.fromEntries(declared.map((messages) => [messages.name, messages.en])) },
  es: { resources: Object.fromEntries(declared.map((messages) => [messages.name, messages.es])) },
};
