// Apart from validation.ts (which needs zod), so that a page without schemas, such as the login
// page, can show the same messages without downloading zod.

/** The validation messages of SPEC §5, shared by the forms and the API. */
export const VALIDATION_MESSAGES = {
  required: 'Campo requerido',
  mandatory: 'Este campo es obligatorio',
  email: 'Ingrese un correo electrónico válido',
  numbersOnly: 'Solo se permiten números',
  integersOnly: 'Solo se permiten números enteros',
  uppercaseOnly: 'Solo se permiten letras mayúsculas',
  maxLength: (max: number) => `Máximo ${max} caracteres`,
  minLength: (min: number) => `Mínimo ${min} caracteres`,
  exactLength: (length: number) => `Debe tener exactamente ${length} caracteres`,
  excludedCharacter: (character: string) => `No se permite el carácter «${character}»`,
  atLeastOne: 'Se requiere al menos un valor',
  invalidFormat: 'Formato inválido',
  tooSmallNumber: (min: number) => `Debe ser mayor o igual a ${min}`,
  tooBigNumber: (max: number) => `Debe ser menor o igual a ${max}`,
  invalidOption: 'Seleccione una opción válida',
  unknownField: (name: string) => `Campo no permitido: ${name}`,
  controlCharacter: 'No se permiten caracteres de control',
} as const;
