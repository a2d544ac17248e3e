import { describe, expect, it, vi } from 'vitest';
import { HttpProblem } from '../errors.js';
import { NESTING_MESSAGE } from './html-nodes.js';
import { prepareDocument } from './renderer.js';

// Counts the parses while parsing as before.
vi.mock('./html-nodes.js', async (original) => {
  const actual = await original<typeof import('./html-nodes.js')>();
  return { ...actual, parseHtml: vi.fn(actual.parseHtml) };
});
const { parseHtml } = vi.mocked(await import('./html-nodes.js'));

const fields = { cliente: { kind: 'value' as const, signer: 0, format: { type: 'text' as const } } };

describe('prepareDocument of many documents from one template (a bulk send)', () => {
  it('parses the template once and merges every document with its own values', async () => {
    const html = '<h1>Contrato único</h1><p>Cliente: <span data-field="cliente">cliente</span></p>';
    parseHtml.mockClear();
    const sources: string[] = [];
    for (const name of ['Ana', 'Bruno', 'Carla'])
      sources.push((await prepareDocument({ html, fields, values: { cliente: name } })).source);
    // The first document's body and its empty header and footer (one HTML, one tree); the others reuse them.
    expect(parseHtml).toHaveBeenCalledTimes(2);
    for (const [index, name] of ['Ana', 'Bruno', 'Carla'].entries()) {
      expect(sources[index]).toContain(`Cliente\\: ${name}`);
      for (const other of ['Ana', 'Bruno', 'Carla'].filter((entry) => entry !== name))
        expect(sources[index]).not.toContain(other);
    }
    // Another template is parsed on its own.
    const other = await prepareDocument({ html: '<p>Otro contrato</p>', fields, values: {} });
    expect(parseHtml).toHaveBeenCalledTimes(3);
    expect(other.source).toContain('Otro contrato');
    expect(other.source).not.toContain('Contrato único');
  });

  it('refuses a template nested too deep every time, not only the first', async () => {
    const deep = `${'<div>'.repeat(40)}texto${'</div>'.repeat(40)}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const failure = await prepareDocument({ html: deep }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(HttpProblem);
      expect((failure as HttpProblem).message).toBe(NESTING_MESSAGE);
    }
  });
});
