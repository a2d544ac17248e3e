// Every table file of this folder, listed by the generated barrel: a new table file needs no line here.
export * from './tables.generated.js';
