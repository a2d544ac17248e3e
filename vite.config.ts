import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// @ts-expect-error a build script in plain JavaScript, without declarations
import { loginHtml } from './scripts/login-html.mjs';

/**
 * Packages that only polyfill what every browser the app supports has natively: node-polyglot (the
 * translations of react-admin) requires them, and they brought ~50 modules of ECMAScript helpers
 * (get-intrinsic, es-errors, call-bind, ...) into the admin app's first chunk. The build uses the
 * browser's own functions instead (the same calls, the same results).
 */
const NATIVE_BUILTINS: Record<string, string> = {
  'object.entries': 'module.exports = Object.entries;',
  hasown: 'module.exports = Function.prototype.call.bind(Object.prototype.hasOwnProperty);',
};
const NATIVE_PREFIX = '\0native-builtin:';

function nativeBuiltins(): Plugin {
  return {
    name: 'rubrica-native-builtins',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (Object.hasOwn(NATIVE_BUILTINS, id) ? `${NATIVE_PREFIX}${id}` : null),
    load: (id) => (id.startsWith(NATIVE_PREFIX) ? NATIVE_BUILTINS[id.slice(NATIVE_PREFIX.length)] : null),
  };
}

export default defineConfig({
  plugins: [react(), loginHtml(), nativeBuiltins()],
  // The manifest names each route's chunk (tests/e2e/code-splitting.spec.ts reads it).
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    manifest: true,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
