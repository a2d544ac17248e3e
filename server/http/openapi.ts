import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EndpointDefinition } from '../../contract/define.js';
import { pathParamNames } from '../../contract/define.js';

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

/** The OpenAPI 3.1 document, generated from the same contract table the routes come from. */
export function openApiDocument(endpoints: Record<string, EndpointDefinition>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, entry] of Object.entries(endpoints)) {
    const url = `/api/${entry.path}`;
    const paramShape = entry.params
      ? (toSchema(entry.params, 'input').properties as Record<string, JsonSchema>)
      : {};
    const parameters = pathParamNames(entry.path).map((param) => ({
      name: param,
      in: 'path',
      required: true,
      schema: paramShape?.[param] ?? { type: 'string' },
    }));
    const permissions = entry.permissions.length ? `Permisos: ${entry.permissions.join(', ')}. ` : '';
    paths[url] ??= {};
    paths[url][entry.method.toLowerCase()] = {
      operationId: name,
      summary: entry.summary,
      description: `${permissions}Alcance: ${entry.scope}.`,
      tags: [entry.area],
      security: entry.scope === 'public' ? [] : [{ bearer: [] }],
      parameters,
      ...(entry.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(entry.body, 'input') } },
            },
          }
        : {}),
      responses: {
        200: entry.produces
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
      description: 'Respuestas `{ data, message }`; errores `{ message, errors? }`.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
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
