import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppProviders } from './providers';

const providers = createAppProviders();
const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

// SPEC §2.2: refresh the user behind a stored token before the first screen; on failure a warning
// is logged (by refreshUser) and the app starts anyway.
void providers.authProvider.refreshUser().finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App providers={providers} />
    </StrictMode>,
  );
});
