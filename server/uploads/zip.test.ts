import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { OFFICE_ZIP_LIMITS } from './limits.js';
import { buildOverlappingZipBomb, buildZip, unicodePathExtra } from './testing/zip-builder.js';
import { openSafeZip } from './zip.js';

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return error as HttpProblem;
};

const text = (name: string, body: string) => ({ name, data: Buffer.from(body) });

describe('openSafeZip', () => {
  it('lists and reads the entries of an ordinary archive', async () => {
    const zip = await openSafeZip(
      buildZip([
        text('[Content_Types].xml', '<Types/>'),
        text('word/document.xml', '<w:document>Señor</w:document>'),
      ]),
      OFFICE_ZIP_LIMITS,
    );
    expect([...zip.names]).toEqual(['[Content_Types].xml', 'word/document.xml']);
    expect(await zip.readText('word/document.xml')).toBe('<w:document>Señor</w:document>');
    const repacked = await openSafeZip(await zip.repack(), OFFICE_ZIP_LIMITS);
    expect(await repacked.readText('word/document.xml')).toBe('<w:document>Señor</w:document>');
    zip.close();
  });

  it('refuses a zip bomb of a few kilobytes that claims gigabytes, from its directory alone', async () => {
    const bomb = buildOverlappingZipBomb({
      kernel: Buffer.alloc(5 * 1024 * 1024),
      copies: 600,
      firstName: 'word/document.xml',
    });
    expect(bomb.length).toBeLessThan(64 * 1024);
    const started = performance.now();
    const error = await refusal(openSafeZip(bomb, OFFICE_ZIP_LIMITS));
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(/bomba de compresión/);
    // Inflating even one copy of the kernel is not needed to decide.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses one entry whose compression ratio is abnormal', async () => {
    const error = await refusal(
      openSafeZip(
        buildZip([{ name: 'word/document.xml', data: Buffer.alloc(2 * 1024 * 1024) }]),
        OFFICE_ZIP_LIMITS,
      ),
    );
    expect(error.message).toMatch(/nivel de compresión anormal/);
  });

  it('refuses when the declared sizes exceed the per-entry or total limits', async () => {
    const huge = await refusal(
      openSafeZip(
        buildZip([{ name: 'a.xml', data: randomBytes(600), declaredSize: 60 * 1024 * 1024 }]),
        OFFICE_ZIP_LIMITS,
      ),
    );
    expect(huge.message).toMatch(/demasiado grande \(máximo 50 MB\)/);
    const limits = { ...OFFICE_ZIP_LIMITS, maxTotalBytes: 1000 };
    const stored = (name: string) => ({ name, data: randomBytes(600), method: 0 as const });
    const total = await refusal(openSafeZip(buildZip([stored('a.xml'), stored('b.xml')]), limits));
    expect(total.message).toMatch(/demasiado grande/);
  });

  it('refuses entries that share their data even when each looks harmless', async () => {
    const bomb = buildOverlappingZipBomb({
      kernel: randomBytes(4096),
      copies: 3,
      firstName: 'word/document.xml',
    });
    expect((await refusal(openSafeZip(bomb, OFFICE_ZIP_LIMITS))).message).toMatch(/superpuestas/);
  });

  it('refuses more entries than allowed', async () => {
    const entries = Array.from({ length: 1001 }, (_, index) => text(`p${index}.xml`, 'x'));
    expect((await refusal(openSafeZip(buildZip(entries), OFFICE_ZIP_LIMITS))).message).toMatch(
      /demasiadas partes/,
    );
  });

  it.each(['../evil.xml', 'word/../../evil.xml', '/etc/passwd', 'word\\..\\evil.xml', 'C:/Windows/evil.xml'])(
    'refuses the path-traversal name %s',
    async (name) => {
      expect((await refusal(openSafeZip(buildZip([text(name, 'x')]), OFFICE_ZIP_LIMITS))).message).toMatch(
        /rutas internas no permitidas/,
      );
    },
  );

  it('refuses a traversal name hidden in the Unicode path extra field', async () => {
    const zip = buildZip([
      { ...text('word/a.xml', 'x'), centralExtra: unicodePathExtra('word/a.xml', '../../a.xml') },
    ]);
    expect((await refusal(openSafeZip(zip, OFFICE_ZIP_LIMITS))).message).toMatch(/rutas internas/);
  });

  it('refuses nested archives, repeated names and encrypted entries', async () => {
    const nested = buildZip([{ name: 'word/embeddings/inner.zip', data: buildZip([text('a', 'b')]) }]);
    expect((await refusal(openSafeZip(nested, OFFICE_ZIP_LIMITS))).message).toMatch(
      /comprimidos incrustados/,
    );
    const repeated = buildZip([text('word/document.xml', 'a'), text('word/document.xml', 'b')]);
    expect((await refusal(openSafeZip(repeated, OFFICE_ZIP_LIMITS))).message).toMatch(/repetidas/);
    const encrypted = buildZip([{ ...text('word/document.xml', 'a'), flags: 0x801 }]);
    expect((await refusal(openSafeZip(encrypted, OFFICE_ZIP_LIMITS))).message).toMatch(/contraseña/);
  });

  it('stops inflating an entry that grows past its declared size', async () => {
    const liar = buildZip([
      { name: 'word/document.xml', data: Buffer.alloc(1024 * 1024, 'a'), declaredSize: 100 },
    ]);
    const zip = await openSafeZip(liar, OFFICE_ZIP_LIMITS);
    expect((await refusal(zip.read('word/document.xml'))).message).toMatch(/dañado/);
    zip.close();
  });

  it('refuses bytes that are not a ZIP, or a truncated one', async () => {
    expect(
      (await refusal(openSafeZip(Buffer.from('hola, no soy un zip'), OFFICE_ZIP_LIMITS))).statusCode,
    ).toBe(422);
    const whole = buildZip([text('word/document.xml', 'contenido')]);
    const truncated = whole.subarray(0, whole.length - 10);
    expect((await refusal(openSafeZip(truncated, OFFICE_ZIP_LIMITS))).message).toMatch(/dañado/);
  });
});
