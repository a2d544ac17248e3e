import type { EndpointName } from '../../contract';
import type { FeedbackBus } from '../feedback/feedbackBus';
import {
  type CallEndpoint,
  type CallOptions,
  createEndpointEnvelopeRequester,
  type EndpointArgs,
  type EndpointReply,
} from './callEndpoint';
import type { HttpClient } from './httpClient';

/**
 * SPEC §7.3 for bespoke calls: a failure is swallowed (logged with `console.error`) and the call
 * resolves `undefined` — the caller shows nothing, or the toast it asked for with `{ alert: true }`.
 */
export type TryCallEndpoint = <N extends EndpointName>(
  name: N,
  ...args: EndpointArgs<N>
) => Promise<EndpointReply<N> | undefined>;

export type NamedCalls = { callEndpoint: CallEndpoint; tryCallEndpoint: TryCallEndpoint };

export type NamedCallsOptions = {
  httpClient: HttpClient;
  feedback?: FeedbackBus;
  logger?: Pick<Console, 'error'>;
};

type LooseInput = Readonly<Record<string, unknown>>;

const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function messageOf(error: unknown): string | null {
  return error instanceof Error && error.message ? error.message : null;
}

/**
 * The two ways screens call an endpoint by name. Both drive the loading indicator (it stops on any
 * reply) and show the reply as a toast only when asked (`{ alert: true }`): title = the server's
 * `message`, or "Operación exitosa" / "Error del servidor".
 * - `callEndpoint` rejects on failure with the server's error (`body.errors` per field), for forms
 *   and the auth provider.
 * - `tryCallEndpoint` follows SPEC §7.3: it logs the failure and resolves `undefined`.
 */
export function createNamedCalls({ httpClient, feedback, logger = console }: NamedCallsOptions): NamedCalls {
  const request = createEndpointEnvelopeRequester(httpClient);

  async function call(name: EndpointName, input?: LooseInput, options: CallOptions = {}): Promise<unknown> {
    const { alert = false, signal } = options;
    feedback?.requestStarted();
    try {
      const { data, message } = await request(name, input, { signal });
      if (alert) feedback?.showToast({ type: 'success', message });
      return data;
    } catch (error) {
      if (alert && !isAbortError(error)) feedback?.showToast({ type: 'error', message: messageOf(error) });
      throw error;
    } finally {
      feedback?.requestEnded();
    }
  }

  async function tryCall(name: EndpointName, input?: LooseInput, options?: CallOptions): Promise<unknown> {
    try {
      return await call(name, input, options);
    } catch (error) {
      if (!isAbortError(error)) {
        logger.error(`La llamada ${name} falló.`, error);
        // Swallowed here, but a 401 must still end the session.
        feedback?.reportSwallowedFailure(error);
      }
      return undefined;
    }
  }

  // The contract types the input and reply per name; the request itself is the same for all.
  return { callEndpoint: call as CallEndpoint, tryCallEndpoint: tryCall as TryCallEndpoint };
}
