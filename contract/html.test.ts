import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('neutralises markup and quotes, and leaves other text alone', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>Tom & Ñandú</a>`)).toBe(
      '&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;Tom &#38; Ñandú&#60;/a&#62;',
    );
  });
});
