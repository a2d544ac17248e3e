import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EndpointDefinition } from '../../contract/define.js';
import { INTEGRATION_ROLE, pathParamNames } from '../../contract/define.js';
import { API_KEY_LIMITS } from './guard.js';
import { IDEMPOTENCY_HOURS } from './idempotency.js';
import { openApiWebhooks, WEBHOOK_GUIDE } from './openapiWebhooks.js';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const errorReply = {
  description: 'Error con mensaje en español',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          errors: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['message'],
      },
    },
  },
};

const API_KEY_NOTE =
  ' También de servidor a servidor con la clave de API de la empresa (rol de integración: ' +
  `${INTEGRATION_ROLE.permissions.join(', ')}).`;

/** How an integrator uses the company's API key, with an example (shown at the top of /api/docs). */
const API_KEY_GUIDE = [
  '## Clave de API de la empresa',
  'Las operaciones marcadas con «apiKey» aceptan la clave de API de la empresa en lugar de una sesión,',
  'en la cabecera `X-Api-Key: <clave>` o `Authorization: ApiKey <clave>`. La clave actúa con el rol',
  `de integración (${INTEGRATION_ROLE.permissions.join(', ')}) y solo sobre los registros de su empresa;`,
  `cada empresa tiene un límite de ${API_KEY_LIMITS.callsPerMinute} llamadas por minuto (429 con Retry-After) y`,
  'cada llamada queda en el registro de auditoría. Una clave inválida recibe 401; la empresa debe',
  'tener habilitado «Acceso por API» (403 si no).',
  '',
  'Ejemplo: enviar una solicitud de firma del grupo 12 y consultar su estado.',
  '',
  '```sh',
  'curl -X POST https://rubrica.example.co/api/process_signature_request \\',
  "  -H 'X-Api-Key: rk_…' -H 'Content-Type: application/json' \\",
  '  -d \'{"document_package_id": 12, "values": {"cliente": "Comercial del Norte"},',
  '       "signers": [{"number": 1, "name": "Ana Pérez", "email": "ana@cliente.co"}],',
  '       "expires_at": "2026-12-31"}\'',
  '# → {"data": {"request_id": 345}, "message": "Solicitud de firma enviada"}',
  "curl https://rubrica.example.co/api/signature_request_status/345 -H 'X-Api-Key: rk_…'",
  '```',
  '',
  '## Firma embebida',
  'Con `PUT /api/company_embedding/{companyId}` la empresa lista los orígenes (`https://dominio[:puerto]`)',
  'que pueden mostrar la página de firma de sus enlaces en un `<iframe allow="camera">`; la página avisa',
  'a la ventana que la contiene, solo si es de uno de esos orígenes, con `postMessage`',
  '`{ source: "rubrica", type, requestId, signerId, message? }` (`type`: loaded, code-validated, signed,',
  'rejected, error). Con `signer_links_in_reply: true`, las solicitudes creadas con la clave de API',
  '(grupo, PDF) no envían invitaciones ni recordatorios por correo y responden con `signerLinks`',
  '(`signerId`, `email`, `name`, `url`): la empresa entrega cada enlace a su firmante.',
].join('\n');

/** The OpenAPI 3.1 document, generated from the same contract table the routes come from. */
/** The header of creating calls that a retry may repeat (server/http/idempotency.ts). */
const IDEMPOTENCY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: `Opcional. Repetir la llamada con la misma clave (y los mismos datos) en ${IDEMPOTENCY_HOURS} horas devuelve la primera respuesta, con la cabecera «Idempotent-Replayed: true», en lugar de crear de nuevo; 409 mientras la primera sigue en curso, 422 si la clave ya se usó con otros datos.`,
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,100}$' },
};

export function openApiDocument(endpoints: Record<string, EndpointDefinition>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, entry] of Object.entries(endpoints)) {
    const url = `/api/${entry.path}`;
    const paramShape = entry.params
      ? (toSchema(entry.params, 'input').properties as Record<string, JsonSchema>)
      : {};
    const parameters: Record<string, unknown>[] = pathParamNames(entry.path).map((param) => ({
      name: param,
      in: 'path',
      required: true,
      schema: paramShape?.[param] ?? { type: 'string' },
    }));
    if (entry.idempotent) parameters.push(IDEMPOTENCY_PARAMETER);
    const permissions = entry.permissions.length ? `Permisos: ${entry.permissions.join(', ')}. ` : '';
    paths[url] ??= {};
    paths[url][entry.method.toLowerCase()] = {
      operationId: name,
      summary: entry.summary,
      description: `${permissions}Alcance: ${entry.scope}.${entry.apiKey ? API_KEY_NOTE : ''}`,
      tags: [entry.area],
      security: entry.scope === 'public' ? [] : [{ bearer: [] }, ...(entry.apiKey ? [{ apiKey: [] }] : [])],
      parameters,
      ...(entry.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: toSchema(entry.body, 'input'),
                  ...(entry.example?.body !== undefined ? { example: entry.example.body } : {}),
                },
              },
            },
          }
        : {}),
      responses: {
        [entry.successStatus ?? 200]: entry.produces
          ? {
              description: entry.produces === 'image' ? 'La imagen' : 'El archivo (descarga)',
              content: {
                [FILE_MEDIA_TYPES[entry.produces]]: {
                  schema: { type: 'string', format: 'binary' },
                },
              },
            }
          : {
              description: 'Operación exitosa',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { data: toSchema(entry.reply, 'output'), message: { type: 'string' } },
                    required: ['data', 'message'],
                  },
                  ...(entry.example?.reply !== undefined
                    ? { example: { data: entry.example.reply, message: 'Operación exitosa' } }
                    : {}),
                },
              },
            },
        400: errorReply,
        ...(entry.scope === 'public' ? {} : { 401: errorReply, 403: errorReply }),
        404: errorReply,
        422: errorReply,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rúbrica API',
      version: '1.0.0',
      description: `Respuestas \`{ data, message }\`; errores \`{ message, errors? }\`.\n\n${API_KEY_GUIDE}\n\n${WEBHOOK_GUIDE}`,
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'La clave de API de la empresa (también `Authorization: ApiKey <clave>`).',
        },
      },
    },
    paths,
    webhooks: openApiWebhooks(),
  };
}

/** Browsable docs at /api/docs, the document at /api/docs/json. */
export async function installApiDocs(app: FastifyInstance, endpoints: Record<string, EndpointDefinition>) {
  await app.register(swagger, {
    mode: 'static',
    specification: { document: openApiDocument(endpoints) as never },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its policy lets the page frame itself; ours never allows framing.
    transformStaticCSP: (header) => header.replace(/frame-ancestors [^;]+/, "frame-ancestors 'none'"),
    uiConfig: { docExpansion: 'list' },
  });
}

/** What each kind of file reply is documented as. */
const FILE_MEDIA_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  image: 'image/*',
  file: 'application/octet-stream',
  inline: 'application/pdf',
} as const;
