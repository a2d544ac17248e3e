import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// @ts-expect-error a build script in plain JavaScript, without declarations
import { loginHtml } from './scripts/login-html.mjs';

export default defineConfig({
  plugins: [react(), loginHtml()],
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
