import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from './safeHtml';

describe('sanitizeHtml', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const html = sanitizeHtml(
      '<p onclick="x()">Hola <strong>mundo</strong></p><script>alert(1)</script><a href="javascript:alert(1)">a</a><a href="https://rubrica.test">b</a>',
    );
    expect(html).toContain('<strong>mundo</strong>');
    expect(html).not.toContain('script');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="https://rubrica.test"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('gives the plain text of a fragment', () => {
    expect(htmlToText('<p>Uno</p>\n<p>dos  tres</p>')).toBe('Uno dos tres');
  });
});
