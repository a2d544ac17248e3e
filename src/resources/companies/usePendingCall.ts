import { useState } from 'react';

/** The message of a refused call, as the data provider raises it. */
export const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : 'Error del servidor';

/**
 * A company section's call (add a webhook, create or revoke a key…): `pending` while it runs, so
 * its buttons wait; a refusal goes to `onError` with its message. `run` never throws.
 */
export function usePendingCall() {
  const [pending, setPending] = useState(false);
  const run = async (work: () => Promise<void>, onError: (message: string) => void): Promise<void> => {
    setPending(true);
    try {
      await work();
    } catch (error) {
      onError(errorMessage(error));
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}
