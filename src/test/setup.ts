import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test starts logged out with a fresh DOM.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
