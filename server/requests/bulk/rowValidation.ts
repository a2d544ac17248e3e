import { z } from 'zod';
import { refuseUndisplayable } from '../../../contract/documentText.js';
import { fieldValueSchema } from '../../../contract/endpoints/templateFields.js';
import { identificationTypeMessage } from '../../../contract/identificationTypes.js';
import { VALIDATION_MESSAGES } from '../../../contract/validation.js';
import type { SheetColumn } from './sheetColumns.js';

export type RowError = { column: string; message: string };

/** Signer attributes share the field types' own schemas, so a sheet and a single send agree. */
const emailSchema = fieldValueSchema({
  type: 'email',
  name: 'email',
  label: 'Correo',
  required: true,
  filled_by: 0,
});
const phoneSchema = fieldValueSchema({
  type: 'phone',
  name: 'phone',
  label: 'Teléfono',
  required: false,
  filled_by: 0,
});
const nameSchema = z
  .string()
  .trim()
  .max(150, { message: VALIDATION_MESSAGES.maxLength(150) })
  .superRefine(refuseUndisplayable);
const idNumberSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{3,20}$/, {
    message: 'El número de identificación admite letras, números y «-» (de 3 a 20)',
  });

const ID_PAIR_MESSAGE = 'Indique el tipo y el número de identificación juntos';

const firstMessage = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? null : (result.error.issues[0]?.message ?? VALIDATION_MESSAGES.invalidFormat);

/**
 * The problems of one row, in column order: a required column left empty, a value its field type
 * refuses (the same schema the single send and the forms use), an unknown identification type.
 */
export function validateRow(
  columns: readonly SheetColumn[],
  identificationCodes: readonly string[],
  values: Readonly<Record<string, string>>,
): RowError[] {
  const errors: RowError[] = [];
  const value = (header: string) => (values[header] ?? '').trim();
  for (const column of columns) {
    const text = value(column.header);
    const required = column.kind === 'field' ? column.field.required : column.required;
    if (text === '') {
      if (required) errors.push({ column: column.header, message: VALIDATION_MESSAGES.mandatory });
      continue;
    }
    let message: string | null = null;
    if (column.kind === 'field') message = firstMessage(fieldValueSchema(column.field).safeParse(text));
    else if (column.attribute === 'name') message = firstMessage(nameSchema.safeParse(text));
    else if (column.attribute === 'email') message = firstMessage(emailSchema.safeParse(text));
    else if (column.attribute === 'phone') message = firstMessage(phoneSchema.safeParse(text));
    else if (column.attribute === 'id_type') {
      if (!identificationCodes.includes(text.toUpperCase()))
        message = identificationTypeMessage(identificationCodes);
    } else message = firstMessage(idNumberSchema.safeParse(text));
    if (message) errors.push({ column: column.header, message });
  }
  // Type and number of identification go together.
  for (const column of columns) {
    if (column.kind !== 'signer' || column.attribute !== 'id_type') continue;
    const numberHeader = column.header.replace(/tipo_identificacion$/, 'numero_identificacion');
    const hasType = value(column.header) !== '';
    const hasNumber = value(numberHeader) !== '';
    if (hasType !== hasNumber) {
      const missing = hasType ? numberHeader : column.header;
      if (!errors.some((error) => error.column === missing))
        errors.push({ column: missing, message: ID_PAIR_MESSAGE });
    }
  }
  return errors;
}

/** A row's values as the request takes them: trimmed, e-mails in lower case, types in upper case. */
export function normaliseRow(
  columns: readonly SheetColumn[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const normalised: Record<string, string> = {};
  for (const column of columns) {
    let text = (values[column.header] ?? '').trim();
    if (column.kind === 'signer' && column.attribute === 'email') text = text.toLowerCase();
    if (column.kind === 'signer' && column.attribute === 'id_type') text = text.toUpperCase();
    normalised[column.header] = text;
  }
  return normalised;
}
