import { describe, expect, it } from 'vitest';
import { chunkFilesOf, LOGIN_PAGE_MODULE, withPreloads } from './login-html.mjs';

/** @param {string} fileName @param {Partial<import('./login-html.mjs').OutputChunk>} rest */
const chunk = (fileName, rest = {}) => ({
  type: /** @type {const} */ ('chunk'),
  fileName,
  facadeModuleId: null,
  imports: [],
  isEntry: false,
  ...rest,
});

const bundle = {
  'assets/index-a.js': chunk('assets/index-a.js', { isEntry: true, imports: ['assets/jsx-b.js'] }),
  'assets/jsx-b.js': chunk('assets/jsx-b.js'),
  'assets/LoginPage-c.js': chunk('assets/LoginPage-c.js', {
    facadeModuleId: `/repo/${LOGIN_PAGE_MODULE}`,
    imports: ['assets/jsx-b.js', 'assets/index-a.js', 'assets/es-d.js'],
    viteMetadata: { importedCss: new Set(['assets/LoginPage-e.css']) },
  }),
  'assets/es-d.js': chunk('assets/es-d.js'),
  'assets/AdminRoot-f.js': chunk('assets/AdminRoot-f.js', { imports: ['assets/es-d.js'] }),
  'assets/LoginPage-e.css': { type: /** @type {const} */ ('asset') },
};

describe('the login page of the build', () => {
  it("names the login chunk and what it imports that the entry does not load, and the chunk's style sheet", () => {
    expect(chunkFilesOf(bundle, LOGIN_PAGE_MODULE)).toEqual({
      scripts: ['assets/LoginPage-c.js', 'assets/es-d.js'],
      styles: ['assets/LoginPage-e.css'],
    });
  });

  it('fails the build when the login page has no chunk of its own', () => {
    expect(() => chunkFilesOf(bundle, 'src/login/Missing.tsx')).toThrow(/no chunk of its own/);
  });

  it('links them in the head of index.html, as vite links the entry', () => {
    const html = withPreloads('<html><head><title>R</title></head><body></body></html>', {
      scripts: ['assets/LoginPage-c.js'],
      styles: ['assets/LoginPage-e.css'],
    });
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-c.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/LoginPage-e.css">');
    expect(html.indexOf('LoginPage-e.css')).toBeLessThan(html.indexOf('</head>'));
  });
});
