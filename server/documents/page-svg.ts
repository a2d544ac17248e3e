/**
 * Splits the compiler's plain SVG of a whole document (pages stacked vertically, glyph outlines
 * shared in one `<defs>` at the end) into one standalone SVG per page, each carrying only the
 * glyphs it uses. The layout is the pinned compiler's: a `<path>` page background and a `<g>` of
 * page content per page at the first indentation level, then the `<defs>`.
 */

type Chunk = { tag: string; text: string };

const TOP_LEVEL_OPEN = /^ {4}<([a-zA-Z]+)/;
const SVG_SIZE = /viewBox="0 0 ([\d.]+) ([\d.]+)"/;

function topLevelChunks(lines: readonly string[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (let index = 1; index < lines.length; index++) {
    const open = TOP_LEVEL_OPEN.exec(lines[index]!);
    if (!open) continue;
    const tag = open[1]!;
    if (lines[index]!.trimEnd().endsWith('/>')) {
      chunks.push({ tag, text: lines[index]! });
      continue;
    }
    const start = index;
    while (index < lines.length && lines[index] !== `    </${tag}>`) index++;
    chunks.push({ tag, text: lines.slice(start, index + 1).join('\n') });
  }
  return chunks;
}

/** Drops the glyph symbols a page does not reference. */
function defsFor(page: string, defs: readonly string[]): string {
  const used = new Set([...page.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]));
  return defs
    .map((block) =>
      block.replace(/ *<symbol id="([^"]+)"[\s\S]*?<\/symbol>\n?/g, (symbol, id: string) =>
        used.has(id) ? symbol : '',
      ),
    )
    .join('\n');
}

export function splitSvgPages(svg: string, pageCount: number): string[] {
  const lines = svg.split('\n');
  const header = lines[0] ?? '';
  const size = SVG_SIZE.exec(header);
  if (!size || pageCount < 1) throw new Error('SVG del documento con un formato inesperado');
  const width = Number(size[1]);
  const height = Number(size[2]) / pageCount;
  const chunks = topLevelChunks(lines);
  const defs = chunks.filter((chunk) => chunk.tag === 'defs').map((chunk) => chunk.text);
  const pages: string[] = [];
  let pending: string[] = [];
  for (const chunk of chunks) {
    if (chunk.tag === 'defs') continue;
    if (chunk.tag !== 'g') {
      pending.push(chunk.text);
      continue;
    }
    // The page's own content, moved back to the origin of a one-page canvas.
    const content = chunk.text.replace(/^ {4}<g[^>]*>/, '    <g>');
    const body = [...pending, content].join('\n');
    const opening = header
      .replace(SVG_SIZE, `viewBox="0 0 ${width} ${height}"`)
      .replace(/height="[\d.]+pt"/, `height="${height}pt"`);
    pages.push(`${opening}\n${body}\n${defsFor(body, defs)}\n</svg>\n`);
    pending = [];
  }
  if (pages.length !== pageCount) throw new Error('SVG del documento con un formato inesperado');
  return pages;
}
