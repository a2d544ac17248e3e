import type { PdfField } from '../../../contract/endpoints/pdfRequests';
import { MIN_FIELD_SIZE } from '../../../contract/endpoints/pdfRequests';

export type FieldKind = PdfField['kind'];
export type PageSize = { width: number; height: number };

/** A new box's size per kind, in points: a signature is wide, a checkbox square. */
export const DEFAULT_SIZES = {
  signature: { width: 160, height: 50 },
  initials: { width: 70, height: 36 },
  signing_date: { width: 110, height: 20 },
  date: { width: 110, height: 20 },
  text: { width: 160, height: 20 },
  checkbox: { width: 16, height: 16 },
} as const satisfies Record<FieldKind, { width: number; height: number }>;

const NAME_PREFIX = {
  signature: 'firma',
  initials: 'iniciales',
  signing_date: 'fecha_firma',
  date: 'fecha',
  text: 'texto',
  checkbox: 'casilla',
} as const satisfies Record<FieldKind, string>;

const round = (value: number) => Math.round(value * 100) / 100;
const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/** `firma_1_2`: kind, signer, then the first free counter (names are unique per PDF). */
export function nextFieldName(fields: readonly PdfField[], kind: FieldKind, signer: number): string {
  const taken = new Set(fields.map((field) => field.field));
  for (let counter = 1; ; counter++) {
    const name = `${NAME_PREFIX[kind]}_${signer}_${counter}`;
    if (!taken.has(name)) return name;
  }
}

/** Keeps a box inside its page (sizes first, then position). */
export function fitInPage(field: PdfField, page: PageSize): PdfField {
  const width = round(clamp(field.width, MIN_FIELD_SIZE, page.width));
  const height = round(clamp(field.height, MIN_FIELD_SIZE, page.height));
  return {
    ...field,
    width,
    height,
    x: round(clamp(field.x, 0, page.width - width)),
    y: round(clamp(field.y, 0, page.height - height)),
  };
}

/**
 * A new box of `kind` centred where the user clicked. `point` is in points from the page's
 * top-left corner (as the screen measures); the box is stored bottom-left as PDF user space.
 */
export function placeField(options: {
  fields: readonly PdfField[];
  kind: FieldKind;
  signer: number;
  page: number;
  size: PageSize;
  point: { left: number; top: number };
}): PdfField {
  const { width, height } = DEFAULT_SIZES[options.kind];
  return fitInPage(
    {
      field: nextFieldName(options.fields, options.kind, options.signer),
      kind: options.kind,
      signer: options.signer,
      page: options.page,
      x: options.point.left - width / 2,
      y: options.size.height - options.point.top - height / 2,
      width,
      height,
    },
    options.size,
  );
}

/** Moves a box by screen offsets in points (down on screen is down on the page: y decreases). */
export const moveField = (field: PdfField, page: PageSize, dx: number, dyDown: number): PdfField =>
  fitInPage({ ...field, x: field.x + dx, y: field.y - dyDown }, page);

/** Resizes from the bottom-right corner: the top edge stays where it is on screen. */
export function resizeField(field: PdfField, page: PageSize, dWidth: number, dHeightDown: number): PdfField {
  const top = field.y + field.height;
  const height = clamp(field.height + dHeightDown, MIN_FIELD_SIZE, top);
  const width = clamp(field.width + dWidth, MIN_FIELD_SIZE, page.width - field.x);
  return fitInPage({ ...field, width, height, y: top - height }, page);
}

/** Where a box sits on a page drawn `scale` pixels per point: CSS left/top/width/height. */
export const boxStyle = (field: PdfField, page: PageSize, scale: number) => ({
  left: field.x * scale,
  top: (page.height - field.y - field.height) * scale,
  width: field.width * scale,
  height: field.height * scale,
});

/** Points moved per arrow key press; ten times that with Alt. */
export const KEY_STEP = 2;

/** What a key does to the focused box: move (arrows), resize (Shift+arrows), or nothing. */
export function fieldAfterKey(
  field: PdfField,
  page: PageSize,
  key: { key: string; shiftKey: boolean; altKey: boolean },
): PdfField | null {
  const step = key.altKey ? KEY_STEP * 10 : KEY_STEP;
  const offsets: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const offset = offsets[key.key];
  if (!offset) return null;
  return key.shiftKey
    ? resizeField(field, page, offset[0], offset[1])
    : moveField(field, page, offset[0], offset[1]);
}
