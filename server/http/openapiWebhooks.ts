import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../contract/endpoints/webhooks.js';
import { SIGNATURE_HEADER } from '../webhooks/signature.js';

/**
 * The webhook events in the OpenAPI document (3.1's top-level `webhooks`): what each delivery's
 * body holds and how a receiver checks it came from Rúbrica. The shapes are those of
 * server/requests/core/webhookEvents.ts; server/webhooks/README.md says the same in prose.
 */

const text = { type: 'string' };
const moment = { type: ['string', 'null'], format: 'date-time' };
const integer = { type: 'integer' };

const signer = {
  type: 'object',
  description: 'El firmante del que trata el evento (solo en los eventos signer.*).',
  properties: {
    id: integer,
    name: text,
    email: text,
    order: integer,
    turn: integer,
    kind: text,
    status: text,
    viewedAt: moment,
    signedAt: moment,
    rejectedAt: moment,
  },
};

const sealedDocument = {
  type: 'object',
  properties: {
    id: integer,
    name: text,
    sha256: { type: 'string', description: 'SHA-256 (hex) del PDF sellado: compárelo con lo descargado.' },
    bytes: integer,
    url: { type: ['string', 'null'], description: 'GET del PDF sellado (con la clave de API).' },
    download: {
      type: 'object',
      description: 'La misma descarga como POST /api/view_pdf_document (archivo adjunto).',
      properties: { method: text, url: text, body: { type: 'object' } },
    },
    certificateUrl: { type: 'string', description: 'GET del certificado de finalización solo.' },
  },
};

/** What an event adds to the common `data`. */
const EVENT_DATA: Record<WebhookEventType, { summary: string; adds: Record<string, unknown> }> = {
  'request.sent': {
    summary: 'Solicitud enviada a sus firmantes',
    adds: {
      source: text,
      signingOrder: text,
      signers: {
        type: 'array',
        items: {
          type: 'object',
          properties: { id: integer, order: integer, kind: text, name: text, email: text, status: text },
        },
      },
    },
  },
  'signer.viewed': { summary: 'Un firmante abrió su enlace', adds: { signer } },
  'signer.signed': { summary: 'Un firmante firmó', adds: { signer } },
  'signer.rejected': {
    summary: 'Un firmante rechazó la solicitud',
    adds: {
      signer,
      reason: { type: 'string', description: 'El motivo que escribió el firmante.' },
      rejectedAt: moment,
    },
  },
  'request.completed': { summary: 'Todos firmaron (el sello viene después)', adds: {} },
  'request.sealed': {
    summary: 'Documentos sellados y listos para descargar',
    adds: {
      documents: { type: 'array', items: sealedDocument },
      certificateUrl: { type: ['string', 'null'], description: 'El certificado del primer documento.' },
    },
  },
  'request.expired': { summary: 'La solicitud venció sin completarse', adds: {} },
  'request.cancelled': {
    summary: 'La solicitud fue anulada',
    adds: { reason: text, cancelledAt: moment },
  },
};

const VERIFY = [
  `Cada entrega es un POST JSON firmado en la cabecera \`${SIGNATURE_HEADER}: t=<segundos unix>,v1=<hex>\`,`,
  'donde `v1` es HMAC-SHA256, con el secreto del webhook, de `<t>.<cuerpo tal como llegó>`. El receptor',
  'rechaza un `t` a más de 5 minutos de su reloj y compara en tiempo constante. Los reintentos y los',
  'reenvíos llevan el mismo `id`: guárdelo para procesar cada evento una sola vez. Responda 2xx.',
  '',
  '```js',
  "const [t, v1] = header.split(',').map((part) => part.split('=')[1]);",
  "const expected = crypto.createHmac('sha256', secret).update(t + '.' + rawBody).digest('hex');",
  "const valid = Math.abs(Date.now() / 1000 - Number(t)) <= 300 && crypto.timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex'));",
  '```',
].join('\n');

const envelope = (event: WebhookEventType) => ({
  type: 'object',
  required: ['id', 'type', 'createdAt', 'companyId', 'data'],
  properties: {
    id: { type: 'string', description: 'Identificador del evento: el mismo en reintentos y reenvíos.' },
    type: { const: event },
    createdAt: { type: 'string', format: 'date-time' },
    companyId: integer,
    data: {
      type: 'object',
      properties: {
        requestId: integer,
        title: text,
        status: text,
        company: { type: 'object', properties: { id: integer, name: text } },
        createdAt: moment,
        expiresAt: moment,
        completedAt: moment,
        sealedAt: moment,
        updatedAt: moment,
        ...EVENT_DATA[event].adds,
      },
    },
  },
});

export function openApiWebhooks() {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((event) => [
      event,
      {
        post: {
          summary: EVENT_DATA[event].summary,
          description: VERIFY,
          parameters: [{ name: SIGNATURE_HEADER, in: 'header', required: true, schema: { type: 'string' } }],
          requestBody: { required: true, content: { 'application/json': { schema: envelope(event) } } },
          responses: { '2XX': { description: 'Recibido' } },
        },
      },
    ]),
  );
}

/** The guide's paragraph on webhooks (the document's description). */
export const WEBHOOK_GUIDE = [
  '## Webhooks',
  `Eventos: ${WEBHOOK_EVENT_TYPES.join(', ')} (sección «Webhooks»).`,
  VERIFY,
].join('\n');
