/** What a translation of catalogue `T` must provide: the same keys, any string at each leaf. */
export type CatalogueOf<T> = { [K in keyof T]: T[K] extends string ? string : CatalogueOf<T[K]> };

/** Dotted paths of the leaves of catalogue `T`: `app.login.title`. */
export type MessageKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : MessageKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
