import { z } from 'zod';
import { refuseUndisplayable } from '../documentText.js';
import { DATE_FORMATS } from '../fieldValueText.js';
import { VALIDATION_MESSAGES } from '../validation.js';

/**
 * Merge fields of a template: what each type asks, who fills it, and the one zod schema per type
 * that checks a value, used by the server (requests, previews) and by the forms alike.
 */
export const FIELD_TYPES = [
  'text',
  'number',
  'date',
  'email',
  'phone',
  'identification',
  'select',
  'checkbox',
  'signature',
  'initials',
  'signing_date',
  'image',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose value is a box the signer fills when signing: only a signer (1, 2, …) fills them. */
export const SIGNER_ONLY_TYPES = ['signature', 'initials', 'signing_date'] as const satisfies FieldType[];

export const FIELD_TYPE_LABELS = {
  text: 'Texto',
  number: 'Número',
  date: 'Fecha',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  identification: 'Tipo y número de identificación',
  select: 'Lista de opciones',
  checkbox: 'Casilla de verificación',
  signature: 'Firma',
  initials: 'Iniciales',
  signing_date: 'Fecha de firma',
  image: 'Imagen',
} as const satisfies Record<FieldType, string>;

export const TEMPLATE_FIELD_MESSAGES = {
  name: 'El nombre del campo admite letras, números, «_», «-» y «.» (hasta 80)',
  signerOnly: 'Este tipo de campo lo llena un firmante (1, 2, …), no el remitente',
  duplicateName: (name: string) => `El campo «${name}» está repetido`,
  optionsRequired: 'Indique al menos una opción',
  rangeOrder: 'El mínimo no puede ser mayor que el máximo',
  invalidDate: 'Ingrese una fecha válida (AAAA-MM-DD)',
  invalidPhone: 'Ingrese un teléfono válido (7 a 15 dígitos, con + opcional)',
  invalidIdentification: 'Ingrese el tipo y el número de identificación (por ejemplo «CC 1020304050»)',
  checkbox: 'Marque «Sí» o «No»',
  image: 'La imagen debe ser un PNG o JPEG en base64 (data:image/…)',
} as const;

/** Same rule as server/documents/fields.ts FIELD_NAME: the renderer accepts exactly these names. */
export const FIELD_NAME_PATTERN = /^[\p{L}\p{N}_.-]{1,80}$/u;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: TEMPLATE_FIELD_MESSAGES.invalidDate });
const optionalLength = z.number().int().min(0).max(5000).optional();

const base = {
  name: z.string().trim().regex(FIELD_NAME_PATTERN, { message: TEMPLATE_FIELD_MESSAGES.name }),
  label: z.string().trim().min(1).max(120),
  required: z.boolean().default(false),
  /** 0: the sender fills it when making the request; 1, 2, …: that signer fills it. */
  filled_by: z.number().int().min(0).max(20).default(0),
};

const fieldSchemas = {
  text: z.object({
    ...base,
    type: z.literal('text'),
    min_length: optionalLength,
    max_length: optionalLength,
  }),
  number: z.object({
    ...base,
    type: z.literal('number'),
    min: z.number().optional(),
    max: z.number().optional(),
    integer: z.boolean().default(false),
  }),
  date: z.object({
    ...base,
    type: z.literal('date'),
    min_date: isoDate.optional(),
    max_date: isoDate.optional(),
    /** How the document prints it; absent: `long` («1 de diciembre de 2026»). */
    date_format: z.enum(DATE_FORMATS).optional(),
  }),
  email: z.object({ ...base, type: z.literal('email') }),
  phone: z.object({ ...base, type: z.literal('phone') }),
  identification: z.object({ ...base, type: z.literal('identification') }),
  select: z.object({
    ...base,
    type: z.literal('select'),
    options: z
      .array(z.string().trim().min(1).max(120))
      .min(1, { message: TEMPLATE_FIELD_MESSAGES.optionsRequired })
      .max(50),
  }),
  checkbox: z.object({ ...base, type: z.literal('checkbox') }),
  signature: z.object({ ...base, type: z.literal('signature') }),
  initials: z.object({ ...base, type: z.literal('initials') }),
  signing_date: z.object({ ...base, type: z.literal('signing_date') }),
  image: z.object({ ...base, type: z.literal('image') }),
} as const satisfies Record<FieldType, z.ZodType>;

/** One merge field of a template version. */
export const templateField = z
  .discriminatedUnion('type', [
    fieldSchemas.text,
    fieldSchemas.number,
    fieldSchemas.date,
    fieldSchemas.email,
    fieldSchemas.phone,
    fieldSchemas.identification,
    fieldSchemas.select,
    fieldSchemas.checkbox,
    fieldSchemas.signature,
    fieldSchemas.initials,
    fieldSchemas.signing_date,
    fieldSchemas.image,
  ])
  .superRefine((field, context) => {
    if ((SIGNER_ONLY_TYPES as readonly string[]).includes(field.type) && field.filled_by < 1) {
      context.addIssue({ code: 'custom', path: ['filled_by'], message: TEMPLATE_FIELD_MESSAGES.signerOnly });
    }
    const range =
      field.type === 'text'
        ? [field.min_length, field.max_length]
        : field.type === 'number'
          ? [field.min, field.max]
          : field.type === 'date'
            ? [field.min_date, field.max_date]
            : [];
    const [low, high] = range;
    if (low !== undefined && high !== undefined && low > high) {
      context.addIssue({ code: 'custom', path: ['max'], message: TEMPLATE_FIELD_MESSAGES.rangeOrder });
    }
  });
export type TemplateField = z.output<typeof templateField>;

/** The fields of a version: at most 200, names unique. */
export const templateFields = z
  .array(templateField)
  .max(200)
  .superRefine((fields, context) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.name)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: TEMPLATE_FIELD_MESSAGES.duplicateName(field.name),
        });
      }
      seen.add(field.name);
    });
  });

const dateValue = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: TEMPLATE_FIELD_MESSAGES.invalidDate })
  // A real calendar day: the date reads back unchanged (Date rolls 2026-02-30 over to March).
  .refine(
    (text) => {
      const time = Date.parse(`${text}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
    },
    { message: TEMPLATE_FIELD_MESSAGES.invalidDate },
  );

/**
 * The schema a value of this field must pass (a value is always text; `required` is the
 * caller's concern: an empty value of an optional field is simply left out).
 */
export function fieldValueSchema(field: TemplateField): z.ZodType<string> {
  let schema = valueSchemas.get(field);
  if (!schema) {
    schema = buildFieldValueSchema(field);
    valueSchemas.set(field, schema);
  }
  return schema;
}

/** Built once per field definition: a sheet of 10,000 rows checks the same fields 10,000 times. */
const valueSchemas = new WeakMap<TemplateField, z.ZodType<string>>();

function buildFieldValueSchema(field: TemplateField): z.ZodType<string> {
  switch (field.type) {
    case 'text': {
      let schema = z
        .string()
        .trim()
        .max(field.max_length ?? 5000);
      if (field.min_length) schema = schema.min(field.min_length);
      return schema.superRefine(refuseUndisplayable);
    }
    case 'number': {
      const pattern = field.integer ? /^-?\d+$/ : /^-?\d+([.,]\d+)?$/;
      const message = field.integer ? VALIDATION_MESSAGES.integersOnly : VALIDATION_MESSAGES.numbersOnly;
      return z
        .string()
        .trim()
        .regex(pattern, { message })
        .superRefine((text, context) => {
          const value = Number(text.replace(',', '.'));
          if (field.min !== undefined && value < field.min)
            context.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.tooSmallNumber(field.min) });
          if (field.max !== undefined && value > field.max)
            context.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.tooBigNumber(field.max) });
        });
    }
    case 'date':
      return dateValue.superRefine((text, context) => {
        if (field.min_date && text < field.min_date)
          context.addIssue({ code: 'custom', message: `La fecha no puede ser anterior a ${field.min_date}` });
        if (field.max_date && text > field.max_date)
          context.addIssue({
            code: 'custom',
            message: `La fecha no puede ser posterior a ${field.max_date}`,
          });
      });
    case 'email':
      return z.string().trim().toLowerCase().email({ message: VALIDATION_MESSAGES.email }).max(254);
    case 'phone':
      return z
        .string()
        .trim()
        .regex(/^\+?[0-9][0-9 ]{6,19}$/, { message: TEMPLATE_FIELD_MESSAGES.invalidPhone });
    case 'identification':
      return z
        .string()
        .trim()
        .regex(/^[A-Z]{1,5} [A-Za-z0-9-]{3,20}$/, { message: TEMPLATE_FIELD_MESSAGES.invalidIdentification });
    case 'select':
      return z.string().refine((text) => field.options.includes(text), {
        message: VALIDATION_MESSAGES.invalidOption,
      });
    case 'checkbox':
      return z.enum(['Sí', 'No'], { message: TEMPLATE_FIELD_MESSAGES.checkbox });
    case 'image':
      return z
        .string()
        .trim()
        .max(8_000_000)
        .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/, {
          message: TEMPLATE_FIELD_MESSAGES.image,
        });
    case 'signature':
    case 'initials':
    case 'signing_date':
      // Filled by the signing step, never typed as text.
      return z.string().max(0);
  }
}

/** A 1×1 grey PNG: the sample an image field shows in previews. */
const SAMPLE_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A value that passes the field's schema, for previews (boxes have none: they print empty). */
export function sampleValue(field: TemplateField): string | undefined {
  switch (field.type) {
    case 'text':
      return field.label;
    case 'number':
      return String(field.min ?? (field.max !== undefined && field.max < 1234 ? field.max : 1234));
    case 'date':
      return field.min_date ?? '2026-01-15';
    case 'email':
      return 'nombre@ejemplo.co';
    case 'phone':
      return '+57 300 123 4567';
    case 'identification':
      return 'CC 1020304050';
    case 'select':
      return field.options[0];
    case 'checkbox':
      return 'Sí';
    case 'image':
      return SAMPLE_IMAGE;
    default:
      return undefined;
  }
}

/** What get_field_types tells the editor about each type. */
export const fieldTypeInfo = z.object({
  type: z.enum(FIELD_TYPES),
  label: z.string(),
  /** Rules the type takes besides name, label, required and filled_by. */
  rules: z.array(z.string()),
  /** False for signature, initials and signing date: a signer fills them. */
  sender_can_fill: z.boolean(),
  /** Printed as a box the signer fills (signature, initials, signing date). */
  box: z.boolean(),
  example: z.string().nullable(),
});

const RULES: Record<FieldType, string[]> = {
  text: ['min_length', 'max_length'],
  number: ['min', 'max', 'integer'],
  date: ['min_date', 'max_date', 'date_format'],
  email: [],
  phone: [],
  identification: [],
  select: ['options'],
  checkbox: [],
  signature: [],
  initials: [],
  signing_date: [],
  image: [],
};

export function fieldTypeCatalogue(): z.output<typeof fieldTypeInfo>[] {
  return FIELD_TYPES.map((type) => {
    const signerOnly = (SIGNER_ONLY_TYPES as readonly string[]).includes(type);
    const probe = { type, name: 'x', label: FIELD_TYPE_LABELS[type], options: ['Opción'] };
    const field = templateField.parse({ ...probe, filled_by: signerOnly ? 1 : 0 });
    return {
      type,
      label: FIELD_TYPE_LABELS[type],
      rules: RULES[type],
      sender_can_fill: !signerOnly,
      box: signerOnly,
      example: type === 'image' ? null : (sampleValue(field) ?? null),
    };
  });
}
