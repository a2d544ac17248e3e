import { z } from 'zod';
import { endpoint } from '../define.js';
import { base64Upload, id } from '../schemas.js';

const area = 'User';

export const SIGNATURE_SETTINGS_MESSAGES = {
  imageTooLarge: 'La imagen de la firma no puede superar 2 MB',
  certificateTooLarge: 'El certificado no puede superar 100 KB',
  base64: 'El archivo debe venir en base64',
  onlyOwn: 'Solo puede configurar su propia firma',
  certificateRole: 'Solo el rol Administrador puede usar un certificado digital propio',
  untrusted: 'El certificado no proviene de una autoridad de certificación aceptada por la plataforma',
  badCertificate: 'El certificado o su contraseña no son válidos',
  saved: 'Configuración de firma guardada',
} as const;

export const signatureSettingsRecord = z.object({
  user_id: z.number(),
  /** The stored signature as a `data:image/png;base64,…` URL, or null. */
  signature_image: z.string().nullable(),
  /** Role 20 may keep a PKCS#12 certificate that signs their own documents besides the platform seal. */
  certificate_allowed: z.boolean(),
  certificate: z
    .object({ subject: z.string(), issuer: z.string(), valid_until: z.string(), uploaded_at: z.string() })
    .nullable(),
});

export const signatureSettings = {
  getUserSignature: endpoint({
    method: 'GET',
    path: 'get_user_signature/{id}',
    summary:
      'La firma guardada del usuario y, para el rol Administrador, su certificado digital (sin la clave).',
    area,
    scope: 'authenticated',
    permissions: ['signature.config'],
    params: z.object({ id }),
    reply: signatureSettingsRecord,
    owns: [{ entity: 'user', from: 'params', field: 'id' }],
    example: { params: { id: 1 } },
  }),
  updateSignature: endpoint({
    method: 'PUT',
    path: 'update_signature/{id}',
    summary:
      'Guarda la imagen de firma propia y, para el rol Administrador, un certificado PKCS#12 con su contraseña (guardados cifrados).',
    area,
    scope: 'authenticated',
    permissions: ['signature.config'],
    params: z.object({ id }),
    body: z.object({
      signature_image: z
        .object(
          base64Upload(2 * 1024 * 1024, {
            tooLarge: SIGNATURE_SETTINGS_MESSAGES.imageTooLarge,
            base64: SIGNATURE_SETTINGS_MESSAGES.base64,
          }),
        )
        .optional(),
      remove_signature_image: z.boolean().optional(),
      certificate: z
        .object({
          ...base64Upload(100 * 1024, {
            tooLarge: SIGNATURE_SETTINGS_MESSAGES.certificateTooLarge,
            base64: SIGNATURE_SETTINGS_MESSAGES.base64,
          }),
          password: z.string().min(1).max(200),
        })
        .optional(),
      remove_certificate: z.boolean().optional(),
    }),
    reply: signatureSettingsRecord,
    owns: [{ entity: 'user', from: 'params', field: 'id' }],
    example: { params: { id: 1 }, body: {} },
  }),
};
