/**
 * Heavy packages the server loads on first use, not at start (server/startupImports.test.ts keeps
 * them out of the start-up graph): one loader each, so every caller shares the same import.
 */

/** exceljs (~8 MiB of heap): the first sheet read or written. */
export const loadExcel = async () => (await import('exceljs')).default;

/** sharp and libvips: the first image checked, resized or embedded. */
export const loadSharp = async () => (await import('sharp')).default;
