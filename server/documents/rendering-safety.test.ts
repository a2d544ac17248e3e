import { beforeAll, describe, expect, it } from 'vitest';
import { run, solidPng, withPdfFile } from '../../tests/support/documents/tools.js';
import { HttpProblem } from '../errors.js';
import { IMAGE_LIMITS } from './allowlist.js';
import { DocumentRenderer } from './renderer.js';

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

let renderer: DocumentRenderer;
beforeAll(() => {
  renderer = DocumentRenderer.create();
});

describe('merge values are only ever text', () => {
  const HOSTILE = [
    '#read("/etc/passwd")',
    '#import "@preview/cetz:0.3.0": *',
    ']',
    '#{',
    '$x$',
    '\\',
    '<script>alert(1)</script>',
    '#eval("1 + 1")',
    '*negrita* _cursiva_ `raw` @etiqueta <etiqueta>',
    '= Título falso',
    '- no es lista',
    '// no es comentario',
    '\\u{41} &amp; "comillas" \'simples\'',
    'https://evil.test/ruta',
  ];

  it('prints hostile values literally and reads nothing from disk', async () => {
    const values = Object.fromEntries(HOSTILE.map((value, index) => [`v${index}`, value]));
    const html = HOSTILE.map((_, index) => `<p>[<span data-field="v${index}"></span>]</p>`).join('');
    const rendered = await renderer.render({
      html,
      header: '<p><span data-field="v0"></span></p>',
      values,
      title: '#read("/etc/passwd")',
    });
    withPdfFile(rendered.pdf, (path) => {
      const lines = run('pdftotext', ['-layout', path, '-']).split('\n').map(normalise).filter(Boolean);
      for (const value of HOSTILE) expect(lines, value).toContain(`[${normalise(value)}]`);
      const text = lines.join('\n');
      expect(text).not.toMatch(/root:|nologin/);
      expect(text).not.toContain('Título falso\n');
      expect(run('pdfinfo', [path])).toMatch(/Title:\s+#read\("\/etc\/passwd"\)\n/);
    });
    expect(rendered.pageCount).toBe(1);
  });

  it('prints hostile text typed into the template itself literally too', async () => {
    const rendered = await renderer.render({
      html: '<p>#read("/etc/passwd") $x$ ] #{ \\ &lt;b&gt;</p><h2>#set page(paper: "a0")</h2>',
    });
    expect(rendered.pageSize).toEqual({ width: 612, height: 792 });
    withPdfFile(rendered.pdf, (path) => {
      const text = normalise(run('pdftotext', [path, '-']));
      expect(text).toContain('#read("/etc/passwd") $x$ ] #{ \\ <b>');
      expect(text).toContain('#set page(paper: "a0")');
      expect(run('pdfinfo', [path])).toMatch(/Page size:\s+612 x 792 pts/);
    });
  });
});

describe('images', () => {
  const red = solidPng(40, 20, [220, 30, 30]);
  const dataUrl = `data:image/png;base64,${red.toString('base64')}`;

  it('embeds data-URL images and stored images from the loader', async () => {
    const asked: string[] = [];
    const rendered = await renderer.render({
      html: `<p><img src="${dataUrl}" alt="rojo"></p><p><img src="/archivos/azul.png" width="200"></p>`,
      loadImage: async (src) => {
        asked.push(src);
        return src === '/archivos/azul.png' ? solidPng(10, 10, [20, 40, 220]) : null;
      },
    });
    expect(asked).toEqual(['/archivos/azul.png']);
    withPdfFile(rendered.pdf, (path) => {
      const images = run('pdfimages', ['-list', path]).trim().split('\n').slice(2);
      expect(images).toHaveLength(2);
      expect(images.map((line) => line.trim().split(/\s+/).slice(3, 5).join('x')).sort()).toEqual([
        '10x10',
        '40x20',
      ]);
    });
  });

  it('prints image fields from their value and reports an empty one as missing', async () => {
    const rendered = await renderer.render({
      html: '<p>Logo: <span data-field="logo"></span> Sello: <span data-field="sello"></span></p>',
      fields: { logo: { kind: 'image' }, sello: { kind: 'image' } },
      values: { logo: '/archivos/logo.png', sello: '' },
      loadImage: async (src) => (src === '/archivos/logo.png' ? solidPng(600, 300, [0, 128, 0]) : null),
    });
    expect(rendered.missingFields).toEqual(['sello']);
    withPdfFile(rendered.pdf, (path) => {
      const images = run('pdfimages', ['-list', path]).trim().split('\n').slice(2);
      expect(images).toHaveLength(1);
      expect(images[0]!.trim().split(/\s+/).slice(3, 5)).toEqual(['600', '300']);
      expect(run('pdftotext', [path, '-'])).toContain('«sello»');
    });
  });

  const refusal = async (html: string, loadImage?: (src: string) => Promise<Buffer | null>) => {
    try {
      await renderer.render({ html, loadImage });
    } catch (error) {
      expect(error).toBeInstanceOf(HttpProblem);
      return error as HttpProblem;
    }
    throw new Error('la plantilla no fue rechazada');
  };

  it('refuses SVG and non-image data, unknown references and remote URLs with Spanish messages', async () => {
    const svg = await refusal('<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">');
    expect([svg.statusCode, svg.message]).toEqual([
      422,
      'Las imágenes de la plantilla deben ser PNG, JPEG o GIF',
    ]);
    const fake = await refusal(
      `<img src="data:image/png;base64,${Buffer.from('no soy png').toString('base64')}">`,
    );
    expect(fake.statusCode).toBe(422);
    const missing = await refusal('<img src="/archivos/no-existe.png">', async () => null);
    expect(missing.message).toBe('Una imagen de la plantilla no está disponible o no es válida');
    const remote = await refusal('<img src="https://cdn.test/a.png">', async () => red);
    expect(remote.statusCode).toBe(422);
    const noLoader = await refusal('<img src="/archivos/a.png">');
    expect(noLoader.statusCode).toBe(422);
  });

  it('refuses oversized images and too many pixels', async () => {
    const huge = Buffer.concat([red, Buffer.alloc(IMAGE_LIMITS.maxBytesPerImage)]);
    const tooBig = await refusal(`<img src="data:image/png;base64,${huge.toString('base64')}">`);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.message).toContain('MB');
    const header = Buffer.from(red);
    header.writeUInt32BE(20_000, 16);
    header.writeUInt32BE(20_000, 20);
    const bomb = await refusal('<img src="/archivos/bomba.png">', async () => header);
    expect(bomb.message).toBe('Una imagen de la plantilla tiene demasiados píxeles');
  });
});

describe('boxes in the header or footer', () => {
  it('records one box per page, each on its own page at the same place', async () => {
    const rendered = await renderer.render({
      html: '<p>uno</p><div data-page-break="true"></div><p>dos</p><div data-page-break="true"></div><p>tres</p>',
      footer: '<p>Iniciales: <span data-field="ini"></span></p>',
      fields: { ini: { kind: 'initials', signer: 2 } },
    });
    expect(rendered.pageCount).toBe(3);
    expect(rendered.fieldBoxes.map((box) => [box.field, box.signer, box.page])).toEqual([
      ['ini', 2, 1],
      ['ini', 2, 2],
      ['ini', 2, 3],
    ]);
    const places = new Set(rendered.fieldBoxes.map((box) => `${box.x},${box.y}`));
    expect(places.size).toBe(1);
    // In the bottom margin (25 mm = 70.9 pt), above the page edge.
    expect(rendered.fieldBoxes[0]!.y).toBeGreaterThan(0);
    expect(rendered.fieldBoxes[0]!.y).toBeLessThan(71);
  });
});

describe('page setup', () => {
  it('renders A4 with custom margins and without page numbers', async () => {
    const rendered = await renderer.render({
      html: '<p>Hoja A4</p>',
      page: { paper: 'a4', margins: { top: 10, right: 10, bottom: 10, left: 10 }, pageNumbers: false },
    });
    withPdfFile(rendered.pdf, (path) => {
      expect(run('pdfinfo', [path])).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
      expect(run('pdftotext', [path, '-'])).not.toContain('Página');
    });
  });

  it('refuses margins out of range and unknown paper sizes', async () => {
    await expect(
      renderer.render({ html: '<p>x</p>', page: { margins: { top: 1, right: 20, bottom: 20, left: 20 } } }),
    ).rejects.toThrow('El margen superior debe estar entre 5 y 60 mm');
    await expect(renderer.render({ html: '<p>x</p>', page: { paper: 'toString' as 'a4' } })).rejects.toThrow(
      'El tamaño de página debe ser carta o A4',
    );
  });

  it('refuses oversized templates and values', async () => {
    await expect(renderer.render({ html: `<p>${'x'.repeat(2_000_001)}</p>` })).rejects.toMatchObject({
      statusCode: 413,
      message: 'La plantilla es demasiado grande para generar el documento',
    });
    await expect(
      renderer.render({ html: '<p><span data-field="a"></span></p>', values: { a: 'x'.repeat(20_001) } }),
    ).rejects.toMatchObject({ statusCode: 422 });
  });
});
