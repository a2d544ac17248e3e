import { z } from 'zod';

/**
 * Colombian identity document types: the one list that the catalogue table is seeded from
 * (get_identification_types), that the bulk sheet offers and checks, and that a single request's
 * signer picks from (form and server alike).
 */
export const IDENTIFICATION_TYPES = [
  { code: 'CC', name: 'Cédula de ciudadanía', appliesTo: 'person' },
  { code: 'CE', name: 'Cédula de extranjería', appliesTo: 'person' },
  { code: 'NIT', name: 'Número de identificación tributaria', appliesTo: 'company' },
  { code: 'TI', name: 'Tarjeta de identidad', appliesTo: 'person' },
  { code: 'PP', name: 'Pasaporte', appliesTo: 'person' },
  { code: 'PEP', name: 'Permiso especial de permanencia', appliesTo: 'person' },
  { code: 'PPT', name: 'Permiso por protección temporal', appliesTo: 'person' },
] as const;

export type IdentificationCode = (typeof IDENTIFICATION_TYPES)[number]['code'];
export const IDENTIFICATION_CODES = IDENTIFICATION_TYPES.map((type) => type.code) as [
  IdentificationCode,
  ...IdentificationCode[],
];

export const identificationTypeMessage = (codes: readonly string[] = IDENTIFICATION_CODES) =>
  `Elija un tipo de identificación de la lista (${codes.join(', ')})`;

/** A code of the list, in any case («cc» is CC); anything else is refused in Spanish. */
export const identificationTypeCode = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(IDENTIFICATION_CODES, { message: identificationTypeMessage() }),
);
