import { HttpProblem } from '../errors.js';

/** A text to one phone: the one-time code and the words around it. */
export type TextMessage = { to: string; code: string; body: string };

export type MessageReceipt = { provider: 'twilio' | 'whatsapp'; id: string };

/** Sends a one-time code; every failure is an HttpProblem with a Spanish message and no secret. */
export type MessageSender = (message: TextMessage) => Promise<MessageReceipt>;

/**
 * A provider refused or failed: 422 when the destination is the problem (the signer can fix it),
 * 503 when the platform's account or the provider is (the sender must be told), with the
 * provider's own error code kept for the logs.
 */
export class ProviderProblem extends HttpProblem {
  constructor(
    statusCode: 422 | 429 | 503,
    message: string,
    readonly provider: MessageReceipt['provider'],
    readonly providerCode: string,
  ) {
    super(statusCode, message);
    this.name = 'ProviderProblem';
  }
}

export const UNREACHABLE =
  'No fue posible contactar el servicio de mensajería; intente de nuevo en unos minutos';

/** Posts to a provider; network failures and timeouts become a 503 naming nothing secret. */
export async function postToProvider(
  provider: MessageReceipt['provider'],
  url: string,
  init: { headers: Record<string, string>; body: string; timeoutMs?: number },
): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs ?? 10_000),
      redirect: 'error',
    });
  } catch {
    throw new ProviderProblem(503, UNREACHABLE, provider, 'network');
  }
  const text = await response.text().catch(() => '');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, json };
}

export function otpMessageBody(code: string): string {
  return `Rúbrica: su código de verificación es ${code}. Vence en 10 minutos. No lo comparta con nadie.`;
}
