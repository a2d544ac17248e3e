import type { TemplateField } from '../../../contract/endpoints/templateFields.js';

export type DiffBlock = {
  change: 'same' | 'added' | 'removed' | 'changed';
  before: string | null;
  after: string | null;
};

const BLOCK_TAGS = 'p|h[1-6]|li|tr|blockquote|div|pre';

/** A table row as one line: its cells' text joined by " | ". */
const rowLine = (row: string) =>
  `\n${row
    .split(/<\/t[dh]>/)
    .map((cell) =>
      cell
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((cell) => cell.length > 0)
    .join(' | ')}\n`;

/**
 * The readable blocks of template HTML: one line of text per paragraph, heading, list item or
 * table row (cells joined by " | "); merge fields read as «name».
 */
export function textBlocks(html: string): string[] {
  const text = html
    .replace(/<span data-field="([^"]*)"[^>]*>.*?<\/span>/gs, '«$1»')
    .replace(/<img\b[^>]*>/g, ' [imagen] ')
    .replace(/<tr\b[^>]*>(.*?)<\/tr>/gs, (_, row: string) => rowLine(row))
    .replace(new RegExp(`</?(${BLOCK_TAGS}|br|ul|ol|table|tbody|thead)\\b[^>]*>`, 'g'), '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/\s+/g, ' ')
        .replace(/(\s*\|\s*)+$/, '')
        .trim(),
    )
    .filter((line) => line.length > 0);
}

/** Most blocks compared (LCS is quadratic): beyond this the rest is shown as replaced. */
const MAX_BLOCKS = 2000;

/**
 * Side-by-side comparison of two block lists by their longest common subsequence; a removal
 * followed by an addition at the same place reads as one changed block.
 */
export function diffBlocks(before: readonly string[], after: readonly string[]): DiffBlock[] {
  const a = before.slice(0, MAX_BLOCKS);
  const b = after.slice(0, MAX_BLOCKS);
  const rows = a.length + 1;
  const cols = b.length + 1;
  const lengths = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * cols + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * cols + j + 1]! + 1
          : Math.max(lengths[(i + 1) * cols + j]!, lengths[i * cols + j + 1]!);
    }
  }
  const raw: DiffBlock[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      raw.push({ change: 'same', before: a[i]!, after: b[j]! });
      i++;
      j++;
    } else if (
      j < b.length &&
      (i >= a.length || lengths[i * cols + j + 1]! >= lengths[(i + 1) * cols + j]!)
    ) {
      raw.push({ change: 'added', before: null, after: b[j]! });
      j++;
    } else {
      raw.push({ change: 'removed', before: a[i]!, after: null });
      i++;
    }
  }
  for (const line of before.slice(MAX_BLOCKS)) raw.push({ change: 'removed', before: line, after: null });
  for (const line of after.slice(MAX_BLOCKS)) raw.push({ change: 'added', before: null, after: line });
  return pairChanges(raw);
}

/** Within a run of removed and added blocks, they pair up in order as changes, shown on one row. */
function pairChanges(blocks: DiffBlock[]): DiffBlock[] {
  const paired: DiffBlock[] = [];
  let index = 0;
  while (index < blocks.length) {
    if (blocks[index]!.change === 'same') {
      paired.push(blocks[index++]!);
      continue;
    }
    const removed: DiffBlock[] = [];
    const added: DiffBlock[] = [];
    while (index < blocks.length && blocks[index]!.change !== 'same') {
      const block = blocks[index++]!;
      (block.change === 'removed' ? removed : added).push(block);
    }
    const pairs = Math.min(removed.length, added.length);
    for (let k = 0; k < pairs; k++) {
      paired.push({ change: 'changed', before: removed[k]!.before, after: added[k]!.after });
    }
    paired.push(...removed.slice(pairs), ...added.slice(pairs));
  }
  return paired;
}

const canonical = (field: TemplateField) =>
  JSON.stringify(Object.fromEntries(Object.entries(field).sort(([x], [y]) => x.localeCompare(y))));

export function diffFields(before: readonly TemplateField[], after: readonly TemplateField[]) {
  const old = new Map(before.map((field) => [field.name, field]));
  const now = new Map(after.map((field) => [field.name, field]));
  return {
    added: after.filter((field) => !old.has(field.name)),
    removed: before.filter((field) => !now.has(field.name)),
    changed: after.flatMap((field) => {
      const previous = old.get(field.name);
      return previous && canonical(previous) !== canonical(field)
        ? [{ name: field.name, before: previous, after: field }]
        : [];
    }),
  };
}
