import { toE164 } from './phone.js';
import { type MessageSender, ProviderProblem, postToProvider } from './provider.js';

/** WhatsApp Business Cloud API (`POST /{version}/{phone-number-id}/messages`), template messages. */
export type WhatsAppConfig = {
  accessToken: string;
  phoneNumberId: string;
  /** An approved authentication template whose body takes the code as its one parameter. */
  templateName: string;
  templateLanguage?: string;
  /** Authentication templates carry a "copy code" button that takes the code too. */
  copyCodeButton?: boolean;
  apiVersion?: string;
  baseUrl?: string;
  defaultCountryCode?: string;
  timeoutMs?: number;
};

type GraphError = { error?: { code?: number; error_subcode?: number; message?: string; type?: string } };

/** Graph API / Cloud API error codes → what the signer or the sender can do about them. */
function whatsAppProblem(status: number, body: GraphError | null): ProviderProblem {
  const code = body?.error?.code;
  const providerCode = String(code ?? status);
  const problem = (statusCode: 422 | 429 | 503, message: string) =>
    new ProviderProblem(statusCode, message, 'whatsapp', providerCode);
  switch (code) {
    case 131026:
    case 133010:
      return problem(
        422,
        'Ese número no tiene WhatsApp o no puede recibir el mensaje; use otro medio de verificación',
      );
    case 131030:
      return problem(
        503,
        'La cuenta de WhatsApp de la plataforma está en modo de prueba y no puede escribir a ese número',
      );
    case 132000:
    case 132001:
    case 132005:
    case 132007:
    case 132012:
      return problem(
        503,
        'La plantilla de WhatsApp configurada no existe o no coincide; avise al administrador',
      );
    case 190:
    case 0:
    case 10:
    case 200:
      return problem(503, 'WhatsApp rechazó las credenciales de la plataforma; avise al administrador');
    case 4:
    case 80007:
    case 130429:
    case 131056:
      return problem(429, 'WhatsApp recibe demasiados mensajes; intente de nuevo en un minuto');
    case 100:
      return problem(422, 'WhatsApp no aceptó el mensaje para ese número');
  }
  if (status === 401 || status === 403)
    return problem(503, 'WhatsApp rechazó las credenciales de la plataforma; avise al administrador');
  if (status === 429)
    return problem(429, 'WhatsApp recibe demasiados mensajes; intente de nuevo en un minuto');
  if (status >= 400 && status < 500) return problem(422, 'WhatsApp no aceptó el mensaje para ese número');
  return problem(503, 'WhatsApp no está disponible; intente de nuevo en unos minutos');
}

export function whatsAppSender(config: WhatsAppConfig): MessageSender {
  const base = (config.baseUrl ?? 'https://graph.facebook.com').replace(/\/+$/, '');
  const url = `${base}/${encodeURIComponent(config.apiVersion ?? 'v21.0')}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return async (message) => {
    const components: unknown[] = [{ type: 'body', parameters: [{ type: 'text', text: message.code }] }];
    if (config.copyCodeButton ?? true) {
      components.push({
        type: 'button',
        sub_type: 'url',
        index: '0',
        parameters: [{ type: 'text', text: message.code }],
      });
    }
    const { status, json } = await postToProvider('whatsapp', url, {
      headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: toE164(message.to, config.defaultCountryCode).slice(1),
        type: 'template',
        template: {
          name: config.templateName,
          language: { code: config.templateLanguage ?? 'es' },
          components,
        },
      }),
      timeoutMs: config.timeoutMs,
    });
    if (status !== 200)
      throw whatsAppProblem(status, (json && typeof json === 'object' ? json : null) as GraphError | null);
    const id = (json as { messages?: { id?: string }[] } | null)?.messages?.[0]?.id;
    if (!id)
      throw new ProviderProblem(503, 'WhatsApp devolvió una respuesta inesperada', 'whatsapp', 'no-id');
    return { provider: 'whatsapp', id };
  };
}
