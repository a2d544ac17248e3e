/** The product's locale and time zone (SPEC §9): formatting never follows the browser's settings. */
export const APP_LOCALE = 'es-CO';
export const APP_TIME_ZONE = 'America/Bogota';
