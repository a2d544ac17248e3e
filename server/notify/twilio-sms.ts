import { toE164 } from './phone.js';
import { type MessageSender, ProviderProblem, postToProvider } from './provider.js';

/** Twilio's Programmable Messaging (`POST /2010-04-01/Accounts/{Sid}/Messages.json`). */
export type TwilioConfig = {
  accountSid: string;
  /** Auth token, or the secret of an API key given as `apiKeySid`. */
  authToken: string;
  apiKeySid?: string;
  /** A Twilio number in E.164, or a Messaging Service (`MG…`). */
  from?: string;
  messagingServiceSid?: string;
  baseUrl?: string;
  defaultCountryCode?: string;
  timeoutMs?: number;
};

type TwilioError = { code?: number; message?: string; status?: number };

/** Twilio error codes → what the signer or the sender can do about them. */
function twilioProblem(status: number, body: TwilioError | null): ProviderProblem {
  const code = body?.code;
  const providerCode = String(code ?? status);
  const problem = (statusCode: 422 | 429 | 503, message: string) =>
    new ProviderProblem(statusCode, message, 'twilio', providerCode);
  switch (code) {
    case 21211:
    case 21265:
      return problem(422, 'El número de celular no es válido para recibir SMS');
    case 21614:
      return problem(422, 'El número indicado no es un celular y no puede recibir SMS');
    case 21408:
    case 21612:
      return problem(422, 'No es posible enviar SMS a ese país o número desde la plataforma');
    case 21610:
      return problem(422, 'Ese número pidió no recibir más mensajes (STOP); use otro medio de verificación');
    case 21608:
      return problem(
        503,
        'La cuenta de SMS de la plataforma está en modo de prueba y no puede escribir a ese número',
      );
    case 20003:
      return problem(
        503,
        'El servicio de SMS rechazó las credenciales de la plataforma; avise al administrador',
      );
    case 20429:
      return problem(429, 'El servicio de SMS recibe demasiadas solicitudes; intente de nuevo en un minuto');
  }
  if (status === 401 || status === 403)
    return problem(
      503,
      'El servicio de SMS rechazó las credenciales de la plataforma; avise al administrador',
    );
  if (status === 429)
    return problem(429, 'El servicio de SMS recibe demasiadas solicitudes; intente de nuevo en un minuto');
  if (status >= 400 && status < 500)
    return problem(422, 'El servicio de SMS no aceptó el mensaje para ese número');
  return problem(503, 'El servicio de SMS no está disponible; intente de nuevo en unos minutos');
}

export function twilioSmsSender(config: TwilioConfig): MessageSender {
  if (!config.from && !config.messagingServiceSid)
    throw new Error('SMS: falta el remitente (SMS_FROM o SMS_TWILIO_MESSAGING_SERVICE_SID)');
  const base = (config.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.apiKeySid ?? config.accountSid}:${config.authToken}`).toString('base64')}`;
  return async (message) => {
    const form = new URLSearchParams({
      To: toE164(message.to, config.defaultCountryCode),
      Body: message.body,
    });
    if (config.messagingServiceSid) form.set('MessagingServiceSid', config.messagingServiceSid);
    else form.set('From', config.from!);
    const { status, json } = await postToProvider('twilio', url, {
      headers: {
        authorization,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      timeoutMs: config.timeoutMs,
    });
    const body = (json && typeof json === 'object' ? json : null) as (TwilioError & { sid?: string }) | null;
    if (status !== 200 && status !== 201) throw twilioProblem(status, body);
    if (!body?.sid)
      throw new ProviderProblem(
        503,
        'El servicio de SMS devolvió una respuesta inesperada',
        'twilio',
        'no-sid',
      );
    return { provider: 'twilio', id: body.sid };
  };
}
