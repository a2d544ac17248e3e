import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './App';
import { hasLiveToken } from './authProvider/sessionKeys';

// The Content Security Policy forbids eval: without this, zod's first parse probes `Function('')`
// to choose its compiled fast path, and the browser reports a violation on every page.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// login.html carries the guest's login form (scripts/login-html.mjs): take it over as it is. A
// browser with a session is sent home instead, so the form is not what the app renders there.
if (container.firstElementChild && !hasLiveToken(localStorage)) hydrateRoot(container, app);
else {
  container.replaceChildren();
  createRoot(container).render(app);
}
