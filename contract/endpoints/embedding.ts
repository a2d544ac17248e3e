import { z } from 'zod';
import { endpoint } from '../define.js';
import {
  FRAME_ORIGIN_MAX_LENGTH,
  FRAME_ORIGIN_MESSAGES,
  MAX_FRAME_ORIGINS,
  normaliseFrameOrigin,
} from '../frameOrigins.js';
import { id } from '../schemas.js';

const area = 'Company';

export const EMBEDDING_MESSAGES = {
  saved: 'Configuración de firma embebida guardada',
} as const;

/** What a company set for signing inside its own pages. */
export const embeddingRecord = z.object({
  /** Origins allowed to frame the signing pages of the company's links, as browsers write them. */
  frame_origins: z.array(z.string()),
  /** Requests its API keys create answer with the signers' links (`signerLinks`) and e-mail none. */
  signer_links_in_reply: z.boolean(),
});
export type EmbeddingRecord = z.output<typeof embeddingRecord>;

/**
 * The signers' links in the reply of a request created with the API key of a company that
 * delivers them itself (`signer_links_in_reply`): no invitation is e-mailed. Treat them as
 * passwords: whoever holds one signs as that signer.
 */
export const signerLinks = z
  .array(
    z.object({
      /** In a bulk batch's progress: the request (one per row) the signer belongs to. */
      requestId: z.number().optional(),
      signerId: z.number(),
      email: z.string(),
      name: z.string(),
      /** The signer's page, `<PUBLIC_URL>/signature-request/<token>`: open it or frame it. */
      url: z.string(),
    }),
  )
  .optional();

/** Each origin checked and written as browsers write it; repeats dropped. */
const frameOrigins = z
  .array(
    z
      .string()
      .max(FRAME_ORIGIN_MAX_LENGTH, { message: FRAME_ORIGIN_MESSAGES.tooLong })
      .transform((value, context) => {
        const result = normaliseFrameOrigin(value);
        if ('origin' in result) return result.origin;
        context.addIssue({ code: 'custom', message: result.problem });
        return z.NEVER;
      }),
  )
  .max(MAX_FRAME_ORIGINS, { message: FRAME_ORIGIN_MESSAGES.tooMany })
  .transform((origins) => [...new Set(origins)]);

const companyParams = z.object({ companyId: id });
const ownsCompany = [{ entity: 'company', from: 'params', field: 'companyId' }] as const;

// The same permission as the webhooks and the API key: it decides how another system reaches signers.
export const embedding = {
  getCompanyEmbedding: endpoint({
    method: 'GET',
    path: 'company_embedding/{companyId}',
    summary:
      'Firma embebida de una empresa: los orígenes que pueden mostrar en un iframe la página de firma de sus enlaces, y si las solicitudes creadas con clave de API responden con los enlaces de los firmantes en vez de enviarlos por correo.',
    area,
    scope: 'company',
    permissions: ['company.update'],
    apiKey: true,
    params: companyParams,
    reply: embeddingRecord,
    owns: ownsCompany,
  }),
  updateCompanyEmbedding: endpoint({
    method: 'PUT',
    path: 'company_embedding/{companyId}',
    summary: `Guarda la firma embebida: hasta ${MAX_FRAME_ORIGINS} orígenes https://dominio[:puerto] (http:// solo para 127.0.0.1, localhost o [::1]; sin ruta ni comodines), que reciben frame-ancestors y los mensajes postMessage de la página de firma, y si las solicitudes creadas con clave de API devuelven los enlaces (signerLinks) sin enviar correos de invitación ni recordatorios.`,
    area,
    scope: 'company',
    permissions: ['company.update'],
    apiKey: true,
    params: companyParams,
    body: z.object({ frame_origins: frameOrigins, signer_links_in_reply: z.boolean() }),
    reply: embeddingRecord,
    owns: ownsCompany,
    example: {
      params: { companyId: 1 },
      body: { frame_origins: ['https://portal.cliente.example.co'], signer_links_in_reply: true },
    },
  }),
};
