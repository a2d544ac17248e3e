import type { ValueFormat } from '../../contract/fieldValueText.js';

/**
 * Merge fields as the renderer sees them. Value fields print their value as text; signature,
 * initials and signing-date fields print a labelled, empty box per signer whose page and rectangle
 * are read back from the compiled document, so signing later stamps into that very PDF.
 */
export type BoxFieldKind = 'signature' | 'initials' | 'signing_date';
/** `image`: the value is an image source (data URL or stored file) printed as the picture. */
export type FieldKind = 'value' | 'image' | BoxFieldKind;

export type FieldDefinition = {
  kind: FieldKind;
  /** Who fills it: 0 is the sender, 1, 2, … the signers in their order. Boxes need a signer ≥ 1. */
  signer?: number;
  /** How a value prints (es-CO dates and numbers, contract/fieldValueText.ts); absent: as given. */
  format?: ValueFormat;
};

export type FieldDefinitions = Readonly<Record<string, FieldDefinition>>;
export type FieldValues = Readonly<Record<string, string>>;

/** Where a box landed, in PDF user space: points, origin at the page's bottom-left corner. */
export type FieldBox = {
  field: string;
  kind: BoxFieldKind;
  signer: number;
  /** 1-based page number. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

export const BOX_SIZES: Readonly<Record<BoxFieldKind, { width: number; height: number }>> = {
  signature: { width: 180, height: 56 },
  initials: { width: 72, height: 36 },
  signing_date: { width: 130, height: 22 },
};

const BOX_CAPTIONS: Readonly<Record<BoxFieldKind, string>> = {
  signature: 'Firma',
  initials: 'Iniciales',
  signing_date: 'Fecha de firma',
};

export const isBoxKind = (kind: FieldKind): kind is BoxFieldKind =>
  kind === 'signature' || kind === 'initials' || kind === 'signing_date';

/** Widest an image field prints, in points (its height follows the picture's proportions). */
export const IMAGE_FIELD_MAX_WIDTH = 200;

/** Sources of the image fields that have a value: they are loaded with the template's images. */
export function imageFieldSources(fields: FieldDefinitions, values: FieldValues): string[] {
  return Object.entries(fields)
    .filter(
      ([name, definition]) => definition.kind === 'image' && typeof values[name] === 'string' && values[name],
    )
    .map(([name]) => values[name]!.trim());
}

export function boxCaption(kind: BoxFieldKind, signer: number): string {
  return `${BOX_CAPTIONS[kind]} · Firmante ${signer}`;
}

/** Field names as the editor writes them: letters, digits, `_`, `-` and `.` (accents allowed). */
export const FIELD_NAME = /^[\p{L}\p{N}_.-]{1,80}$/u;
