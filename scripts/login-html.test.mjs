import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chunkFilesOf, LOGIN_PAGE_MODULE, loginPageHtml, prerenderLoginPage } from './login-html.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

  it('preloads them in the head of index.html as vite links the entry, inlines the sheets and puts the markup in the root', () => {
    const html = loginPageHtml(
      '<html><head><title>R</title></head><body><div id="root"></div></body></html>',
      {
        scripts: ['assets/LoginPage-c.js'],
        styles: [{ file: 'assets/LoginPage-e.css', css: '.guest-page{color:red}' }],
      },
      '<main>form</main>',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-c.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/LoginPage-e.css">');
    expect(head).toContain('<style>.guest-page{color:red}</style>');
    expect(html).toContain('<div id="root"><main>form</main></div>');
  });

  it("renders the guest's login form with the app's own code", async () => {
    const markup = await prerenderLoginPage(ROOT);
    expect(markup).toMatch(/<h1 id="login-title" class="guest-title">Iniciar sesión<\/h1>/);
    expect(markup).toMatch(/<input id="email"[^>]*name="email"/);
    expect(markup).toMatch(/<input id="password"[^>]*type="password"/);
    expect(markup).toContain('<button type="submit" class="guest-button">Iniciar sesión</button>');
  });
});
