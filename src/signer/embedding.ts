import type { SigningView } from './api';

/**
 * Telling the page that frames the signer's page what happens, for companies that sign inside
 * their own pages. A message goes only to the parent window, only when its origin is one the
 * company listed, and with that exact origin as target (never '*'); it carries no token or code.
 */

export type EmbeddingEventType = 'loaded' | 'code-validated' | 'signed' | 'rejected' | 'error';

export type EmbeddingMessage = {
  source: 'rubrica';
  type: EmbeddingEventType;
  requestId?: number;
  signerId?: number;
  message?: string;
};

type FramedWindow = Pick<Window, 'parent' | 'location' | 'document'>;

/** The origin of the window framing this page, or null (not framed, or the origin is unknown). */
function framingOrigin(win: FramedWindow): string | null {
  if (win.parent === (win as unknown)) return null;
  // Chromium and Safari name the parent's origin; elsewhere the referrer the parent sent says it.
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** The parent's origin when this page is framed by one the company allows, else null. */
export function allowedParentOrigin(embedding: SigningView['embedding'], win: FramedWindow): string | null {
  if (!embedding) return null;
  const origin = framingOrigin(win);
  return origin && embedding.origins.includes(origin) ? origin : null;
}

/** Posts one event to the allowed parent; does nothing when there is none. */
export function tellParent(
  view: Pick<SigningView, 'embedding' | 'request_id'>,
  type: EmbeddingEventType,
  message?: string,
  win: FramedWindow = window,
): void {
  const origin = allowedParentOrigin(view.embedding, win);
  if (!origin || !view.embedding) return;
  const event: EmbeddingMessage = {
    source: 'rubrica',
    type,
    requestId: view.request_id,
    signerId: view.embedding.signer_id,
    ...(message ? { message } : {}),
  };
  win.parent.postMessage(event, origin);
}
