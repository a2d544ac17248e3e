import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './App';

// The Content Security Policy forbids eval: without this, zod's first parse probes `Function('')`
// to choose its compiled fast path, and the browser reports a violation on every page.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
