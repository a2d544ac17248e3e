/**
 * The events of a signature request's audit trail (server/requests/core/events.ts) as people read
 * them: one Spanish label and one Spanish sentence per action, shared by the request's timeline
 * on screen, the history exports and the certificate of completion. The sentences are derived
 * from the chained entries (action and details) and the names of who took part.
 */

/** Every action the server writes into a request's trail. */
export const REQUEST_EVENT_ACTIONS = [
  'sent',
  'invited',
  'reminded',
  'resent',
  'opened',
  'viewed',
  'otp_sent',
  'otp_failed',
  'otp_validated',
  'selfie',
  'selfie_failed',
  'signed',
  'rejected',
  'auto_sign_requested',
  'auto_sign_approved',
  'auto_sign_rejected',
  'completed',
  'cancelled',
  'expired',
  'extended',
  'updated',
  'content_updated',
  'sealed',
  'seal_failed',
] as const;

export type RequestEventAction = (typeof REQUEST_EVENT_ACTIONS)[number];

export const isRequestEventAction = (action: string): action is RequestEventAction =>
  (REQUEST_EVENT_ACTIONS as readonly string[]).includes(action);

/** Short Spanish names of the actions (the exports' «Acción» column). */
export const REQUEST_EVENT_LABELS = {
  sent: 'Solicitud enviada',
  invited: 'Invitación enviada',
  reminded: 'Recordatorio enviado',
  resent: 'Invitación reenviada',
  opened: 'Abrió el enlace',
  viewed: 'Vio el documento',
  otp_sent: 'Código enviado',
  otp_failed: 'Código errado',
  otp_validated: 'Código validado',
  selfie: 'Foto de verificación',
  selfie_failed: 'Foto no válida',
  signed: 'Firmó',
  rejected: 'Rechazó',
  auto_sign_requested: 'Firma automática por aprobar',
  auto_sign_approved: 'Firma automática aprobada',
  auto_sign_rejected: 'Firma automática rechazada',
  completed: 'Solicitud completada',
  cancelled: 'Solicitud cancelada',
  expired: 'Solicitud vencida',
  extended: 'Vencimiento ampliado',
  updated: 'Datos corregidos',
  content_updated: 'Contenido cambiado',
  sealed: 'Documentos sellados',
  seal_failed: 'No se pudieron sellar los documentos',
} as const satisfies Record<RequestEventAction, string>;

/** The action's short name; an action of an older version shows as recorded. */
export const requestEventLabel = (action: string): string =>
  isRequestEventAction(action) ? REQUEST_EVENT_LABELS[action] : action;

/** Someone named in a sentence; signers are shown with their e-mail. */
export type EventPerson = { name: string; email?: string | null };

export type RequestEventFacts = {
  action: string;
  details: Readonly<Record<string, unknown>>;
  /** The platform user who acted (the sender, an approver), when there was one. */
  user?: EventPerson | null;
  /** The signer the event is about, when there is one. */
  signer?: EventPerson | null;
};

const CHANNELS: Record<string, string> = { email: 'correo electrónico', sms: 'SMS', whatsapp: 'WhatsApp' };

const SIGNATURE_KINDS: Record<string, string> = {
  drawn: 'con una firma dibujada',
  typed: 'con una firma escrita',
  uploaded: 'con una imagen de su firma',
  stored: 'con la firma guardada en su perfil',
};

const OTP_FAILURES: Record<string, string> = {
  '403': 'intentó usar un código de verificación desde otro navegador',
  '409': 'escribió un código de verificación ya usado o no solicitado',
  '410': 'escribió un código de verificación vencido',
  '422': 'escribió un código de verificación errado',
  '429': 'no pudo verificar su identidad: el enlace quedó bloqueado por demasiados intentos',
};

const REQUEST_FIELDS: Record<string, string> = {
  title: 'el título',
  message: 'el mensaje',
  reminderDays: 'los recordatorios',
};

const moment = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `24/11/2026 18:17 COT` (Bogotá), or nothing for a value that is not a date. */
function bogota(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  // ICU's narrow no-break spaces and comma: plain text that every font draws.
  return `${moment
    .format(date)
    .replace(/,/g, '')
    .replace(/[\u00a0\u202f]/g, ' ')} COT`;
}

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const countOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0
    ? value
    : Array.isArray(value)
      ? value.length
      : undefined;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** `el título, el mensaje y los recordatorios`. */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

const userName = (person: EventPerson | null | undefined) =>
  person?.name.trim() || 'Un usuario de la empresa';

function signerName(person: EventPerson | null | undefined): string {
  if (!person) return 'El firmante';
  const email = person.email?.trim();
  return email ? `${person.name} (${email})` : person.name;
}

const reason = (details: RequestEventFacts['details']) => {
  const text = textOf(details.reason);
  return text ? `. Motivo: «${text}»` : '';
};

function codeRoute(details: RequestEventFacts['details']): string {
  const channel = textOf(details.channel);
  const destination = textOf(details.destination);
  // An e-mail address speaks for itself; a phone needs its channel (SMS or WhatsApp).
  const by = channel && channel !== 'email' ? ` por ${CHANNELS[channel] ?? channel}` : '';
  if (destination) return `${by} a ${destination}`;
  return channel ? ` por ${CHANNELS[channel] ?? channel}` : '';
}

type Sentence = (facts: RequestEventFacts) => string;

const SENTENCES = {
  sent: ({ user, details }) => {
    const who = user ? userName(user) : details.api_client ? 'La integración por API' : 'La empresa';
    const signers = countOf(details.signers);
    const documents = countOf(details.documents);
    return [
      `${who} envió la solicitud`,
      signers === undefined ? '' : ` a ${plural(signers, 'firmante', 'firmantes')}`,
      documents === undefined ? '' : ` con ${plural(documents, 'documento', 'documentos')}`,
      details.api_client && user ? ' por la API' : '',
    ].join('');
  },
  invited: ({ signer }) => `Se envió a ${signerName(signer)} la invitación a firmar`,
  reminded: ({ signer }) => `Se envió a ${signerName(signer)} un recordatorio para firmar`,
  resent: ({ user, signer, details }) => {
    const corrections = [
      textOf(details.email) &&
        `el correo de ${textOf(details.previous_email) ?? '—'} a ${textOf(details.email)}`,
      textOf(details.phone) &&
        `el teléfono de ${textOf(details.previous_phone) ?? '—'} a ${textOf(details.phone)}`,
    ].filter((item): item is string => Boolean(item));
    return `${userName(user)} reenvió la invitación a ${signerName(signer)} con un enlace nuevo${
      corrections.length ? `; corrigió ${listed(corrections)}` : ''
    }`;
  },
  opened: ({ signer }) => `${signerName(signer)} abrió su enlace de firma`,
  viewed: ({ signer }) => `${signerName(signer)} vio los documentos`,
  otp_sent: ({ signer, details }) =>
    `Se envió a ${signerName(signer)} un código de verificación${codeRoute(details)}`,
  otp_failed: ({ signer, details }) =>
    `${signerName(signer)} ${OTP_FAILURES[String(details.status)] ?? 'no pudo verificar su identidad con el código'}`,
  otp_validated: ({ signer, details }) =>
    `${signerName(signer)} verificó su identidad con un código enviado${codeRoute(details)}`,
  selfie: ({ signer, details }) =>
    `${signerName(signer)} se tomó una foto de verificación${details.consent === true ? ' y autorizó su uso' : ''}`,
  selfie_failed: ({ signer }) => `La foto de verificación de ${signerName(signer)} no fue válida`,
  signed: ({ signer, details }) => {
    const kind = SIGNATURE_KINDS[String(details.signatureKind)];
    const consent = textOf(details.consentVersion);
    return [
      `${signerName(signer)} firmó los documentos`,
      kind ? ` ${kind}` : '',
      consent ? ` y aceptó el consentimiento (versión ${consent})` : '',
    ].join('');
  },
  rejected: ({ signer, details }) => `${signerName(signer)} rechazó la solicitud${reason(details)}`,
  auto_sign_requested: () =>
    'Todos los firmantes firmaron; la firma automática de la empresa quedó a la espera de aprobación',
  auto_sign_approved: ({ user }) => `${userName(user)} aprobó la firma automática de la empresa`,
  auto_sign_rejected: ({ user, details }) =>
    `${userName(user)} rechazó la firma automática de la empresa${reason(details)}`,
  completed: () => 'La solicitud quedó completada: todos los firmantes firmaron',
  cancelled: ({ user, details }) => `${userName(user)} canceló la solicitud${reason(details)}`,
  expired: ({ details }) => {
    const at = bogota(details.expires_at);
    return `La solicitud venció${at ? ` el ${at}` : ''} sin completarse`;
  },
  extended: ({ user, details }) => {
    const before = bogota(details.previous_expires_at);
    const after = bogota(details.expires_at);
    return [
      `${userName(user)} amplió el vencimiento`,
      before ? ` del ${before}` : '',
      after ? ` al ${after}` : '',
      details.reopened === true ? '; la solicitud vencida volvió a estar en proceso' : '',
    ].join('');
  },
  updated: ({ user, details }) => {
    const fields = Array.isArray(details.fields)
      ? details.fields.map((field) => REQUEST_FIELDS[String(field)]).filter((field) => field !== undefined)
      : [];
    return `${userName(user)} corrigió ${fields.length ? listed(fields) : 'los datos'} de la solicitud`;
  },
  content_updated: ({ user, details }) => {
    const documents = countOf(details.documents);
    return `${userName(user)} cambió el contenido de ${
      documents === undefined ? 'los documentos' : plural(documents, 'documento', 'documentos')
    } antes de que alguien firmara`;
  },
  sealed: ({ details }) => {
    const documents = countOf(details.documents);
    return `La plataforma selló ${
      documents === undefined ? 'los documentos' : plural(documents, 'documento', 'documentos')
    } con su sello electrónico y estampa de tiempo`;
  },
  seal_failed: ({ details }) => `No se pudieron sellar los documentos${reason(details)}`,
} as const satisfies Record<RequestEventAction, Sentence>;

/** The event as one Spanish sentence with names, e.g. «Elena Ríos envió la solicitud a 2 firmantes». */
export function requestEventSentence(facts: RequestEventFacts): string {
  if (isRequestEventAction(facts.action)) return SENTENCES[facts.action](facts);
  // An action written by an older version: named, never dropped.
  return `Evento registrado: ${facts.action}`;
}
