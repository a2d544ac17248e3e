import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import type { SigningView } from './api';
import { SignRequestPage } from './SignRequestPage';

/** What the signer's page tests share: a request as the server shows it, a server stand-in, a phone. */

export const TOKEN = 'T'.repeat(43);

export const signingView = (overrides: Partial<SigningView> = {}): SigningView => ({
  request_id: 4,
  title: 'Contrato de arriendo',
  message: null,
  company: 'Andina Firmas',
  status: 'in_progress',
  expires_at: '2030-01-01T00:00:00.000Z',
  your_turn: true,
  signer: {
    name: 'Ana Firmante',
    status: 'invited',
    authentication: [],
    email: 'an••••@c•••.test',
    phone: null,
    authenticated: true,
    code_locked: false,
    channels: [],
  },
  documents: [
    {
      id: 9,
      name: 'Contrato (1)',
      page_count: 1,
      pages: [{ width: 595, height: 842, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }],
      boxes: [{ field: 'firma_1', kind: 'signature', page: 1, x: 50, y: 100, width: 150, height: 40 }],
    },
  ],
  consent: { version: 'consentimiento-2026-01', text: 'Acepto firmar electrónicamente estos documentos.' },
  rejection_reasons: ['Los datos no son correctos'],
  embedding: null,
  ...overrides,
});

/** A server stand-in answering each endpoint from a table and recording the bodies. */
export function serveSigning(replies: Record<string, { status?: number; body: unknown }>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace('/api/', '');
    calls.push({ path, body: JSON.parse(String(init.body)) });
    const reply = replies[path] ?? { body: { data: {} } };
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  return calls;
}

export const renderSignRequestPage = () =>
  render(
    <MemoryRouter initialEntries={[`/signature-request/${TOKEN}`]}>
      <Routes>
        <Route path="/signature-request/:token" element={<SignRequestPage />} />
      </Routes>
    </MemoryRouter>,
  );

/**
 * jsdom has no media queries: answers `min-width` and `max-width` queries for a window `width`
 * pixels wide; `resize` changes the width and tells the queries' listeners.
 */
export function screenWidth(width: number) {
  let current = width;
  const listeners = new Set<() => void>();
  const matches = (query: string) => {
    const min = Number(/min-width:\s*([\d.]+)/.exec(query)?.[1] ?? 0);
    const max = Number(/max-width:\s*([\d.]+)/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY);
    return current >= min && current <= max;
  };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  }));
  return {
    resize(to: number) {
      current = to;
      for (const listener of listeners) listener();
    },
  };
}
