import type { CatalogueOf } from './catalogue';

type Tree = { readonly [key: string]: string | Tree };

/** A resource's own labels: `resources.<name>.*` in English and the Spanish that matches them. */
export type ResourceMessages<T extends Tree = Tree> = { name: string; en: T; es: CatalogueOf<T> };

/**
 * Declares the labels of one resource, in its folder's `messages.ts` (picked up by itself, like
 * the resource's `index.ts`): its `name` (polyglot plural), `fields.<source>` and any key the
 * declaration names (`resources.<name>.title`, ...). The Spanish must have every English key.
 */
export const resourceMessages = <const T extends Tree>(messages: ResourceMessages<T>) => messages;
