import { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_HTML_ALLOWLIST } from '../../../server/documents/allowlist';
import { templateExtensions } from './editorExtensions';

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A document using every node and mark the editor offers. */
const EVERYTHING =
  '<h1>Uno</h1><h2>Dos</h2><h3>Tres</h3><h4>Cuatro</h4>' +
  '<p style="text-align: center"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <a href="https://rubrica.example">l</a><br>x</p>' +
  '<ul><li><p>a</p></li></ul><ol start="3"><li><p>b</p></li></ol><blockquote><p>c</p></blockquote><hr>' +
  '<table><tbody><tr><th><p>h</p></th></tr><tr><td><p>d</p></td></tr></tbody></table>' +
  `<img src="${PIXEL}" alt="logo"><div data-page-break="true"></div><p><span data-field="nombre">x</span></p>`;

describe('template editor', () => {
  it('produces only elements the PDF renderer maps, and every one it maps that an editor can offer', () => {
    const editor = new Editor({ extensions: templateExtensions(), content: EVERYTHING });
    const html = editor.getHTML();
    const tags = new Set([...html.matchAll(/<([a-z0-9]+)\b/g)].map((match) => match[1]!));
    const allowed = new Set<string>(TEMPLATE_HTML_ALLOWLIST.elements);
    expect([...tags].filter((tag) => !allowed.has(tag))).toEqual([]);
    for (const tag of ['h1', 'h4', 'strong', 'em', 'u', 's', 'a', 'br', 'ul', 'ol', 'li', 'blockquote', 'hr'])
      expect(tags, tag).toContain(tag);
    for (const tag of ['table', 'tr', 'th', 'td', 'img', 'span', 'div']) expect(tags, tag).toContain(tag);
    expect(html).toContain('<span data-field="nombre">nombre</span>');
    expect(html).toContain('<div data-page-break="true"></div>');
    expect(html).toContain('style="text-align: center');
    editor.destroy();
  });

  it('drops what the renderer cannot show: code, colours, scripts, other link schemes', () => {
    const editor = new Editor({
      extensions: templateExtensions(),
      content:
        '<p><code>x</code> <span style="color: red">rojo</span> <a href="javascript:alert(1)">mal</a></p><pre>bloque</pre><script>alert(1)</script>',
    });
    const html = editor.getHTML();
    expect(html).not.toMatch(/<code|<pre|color|javascript|<script/);
    expect(html).toContain('rojo');
    editor.destroy();
  });

  it('inserts merge fields and page breaks where the cursor is', () => {
    const editor = new Editor({ extensions: templateExtensions(), content: '<p>Hola</p>' });
    editor.chain().focus('end').insertMergeField('cliente').run();
    editor.chain().focus('end').insertPageBreak().run();
    expect(editor.getHTML()).toMatch(
      /^<p>Hola<span data-field="cliente">cliente<\/span><\/p><div data-page-break="true"><\/div>/,
    );
    editor.destroy();
  });
});
