import { describe, expect, it, vi } from 'vitest';
import { tellParent } from './embedding';

const view = { request_id: 7, embedding: { origins: ['https://portal.cliente.co'], signer_id: 41 } };

/** A framed window whose parent is of `origin` (as Chromium reports it), recording what it receives. */
function framedBy(origin: string | null, referrer = '') {
  const postMessage = vi.fn();
  const parent = { postMessage } as unknown as Window;
  const win = {
    parent,
    location: { ancestorOrigins: origin ? [origin] : undefined } as unknown as Location,
    document: { referrer } as Document,
  };
  return { win, postMessage };
}

describe('telling the framing page', () => {
  it('posts to an allowed parent with its exact origin as target, and no secret', () => {
    const { win, postMessage } = framedBy('https://portal.cliente.co');
    tellParent(view, 'signed', undefined, win);
    expect(postMessage).toHaveBeenCalledWith(
      { source: 'rubrica', type: 'signed', requestId: 7, signerId: 41 },
      'https://portal.cliente.co',
    );
  });

  it("reads the parent's origin from the referrer where ancestorOrigins is missing", () => {
    const { win, postMessage } = framedBy(null, 'https://portal.cliente.co/firmas?id=1');
    tellParent(view, 'error', 'Primero dibuje o cargue su firma', win);
    expect(postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', message: 'Primero dibuje o cargue su firma' }),
      'https://portal.cliente.co',
    );
  });

  it('posts nothing to another origin, when not framed, or when the company allows no one', () => {
    const other = framedBy('https://otro.example.co');
    tellParent(view, 'loaded', undefined, other.win);
    expect(other.postMessage).not.toHaveBeenCalled();

    const postMessage = vi.fn();
    const top = { location: {}, document: { referrer: '' }, postMessage } as unknown as Window;
    (top as { parent: Window }).parent = top;
    tellParent(view, 'loaded', undefined, top);
    expect(postMessage).not.toHaveBeenCalled();

    const allowed = framedBy('https://portal.cliente.co');
    tellParent({ request_id: 7, embedding: null }, 'loaded', undefined, allowed.win);
    expect(allowed.postMessage).not.toHaveBeenCalled();
  });
});
