import { z } from 'zod';
import { endpoint } from '../define.js';
import { email, newPassword, otpCode } from '../schemas.js';

const area = 'Session';

/** A finished sign-in, or the second step it still needs. */
export const signinReply = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('authenticated'),
    token: z.string(),
    id: z.number(),
    /** True once, after a sign-in without 2FA, until the user answers the activation prompt. */
    promptTwoFactor: z.boolean(),
  }),
  z.object({
    status: z.literal('second_factor_required'),
    /** Opaque id of the pending sign-in; send it with the e-mailed code. */
    challenge: z.string(),
    /** Masked address the code went to, e.g. a***@empresa.co */
    sentTo: z.string(),
    expiresInSeconds: z.number(),
  }),
]);

const codeLimit = { bucket: 'code-ip', max: 30, windowSeconds: 600 } as const;

export const session = {
  signin: endpoint({
    method: 'POST',
    path: 'users/signin',
    summary:
      'Inicia sesión con correo y contraseña; devuelve el token o pide el segundo factor. Los intentos fallidos demoran los siguientes (429), nunca bloquean el usuario.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({
      email,
      password: z.string().min(1).max(200),
      /** The token of an e-mailed unlock link: this sign-in skips the failed-attempt delays. */
      unlock_token: z.string().min(20).max(200).optional(),
    }),
    reply: signinReply,
    rateLimit: { bucket: 'signin-ip', max: 20, windowSeconds: 60 },
    skipAudit: true,
  }),
  secondFactorRequest: endpoint({
    method: 'POST',
    path: 'secondFactorRequest',
    summary: 'Completa el inicio de sesión con el código de 6 dígitos enviado por correo.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ challenge: z.string().uuid(), code: otpCode }),
    reply: z.object({ token: z.string(), id: z.number() }),
    rateLimit: codeLimit,
    skipAudit: true,
  }),
  sendCode: endpoint({
    method: 'POST',
    path: 'sendCode',
    summary: 'Envía de nuevo el código del segundo factor (el anterior deja de servir).',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ challenge: z.string().uuid() }),
    reply: z.object({ sentTo: z.string(), expiresInSeconds: z.number() }),
    rateLimit: codeLimit,
    skipAudit: true,
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: 'passwordReset',
    summary: 'Envía un enlace de un solo uso para restablecer la contraseña (no revela si el correo existe).',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ email }),
    reply: z.object({}),
    rateLimit: { bucket: 'reset-ip', max: 10, windowSeconds: 600 },
    skipAudit: true,
  }),
  passwordResetConfirm: endpoint({
    method: 'POST',
    path: 'password/reset',
    summary: 'Fija una nueva contraseña con el enlace recibido; cierra las demás sesiones.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ token: z.string().min(20).max(200), password: newPassword }),
    reply: z.object({}),
    rateLimit: { bucket: 'reset-ip', max: 10, windowSeconds: 600 },
    skipAudit: true,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: 'password/change_password',
    summary: 'Cambia la contraseña propia (pide la actual) y cierra las demás sesiones.',
    area,
    scope: 'authenticated',
    permissions: [],
    body: z.object({ current_password: z.string().min(1).max(200), new_password: newPassword }),
    reply: z.object({}),
    refuseWhileImpersonating: true,
  }),
  twoFactorPreference: endpoint({
    method: 'POST',
    path: 'users/two_factor',
    summary: 'Activa o desactiva el segundo factor propio; la respuesta al aviso queda recordada.',
    area,
    scope: 'authenticated',
    permissions: [],
    body: z.object({ enabled: z.boolean() }),
    reply: z.object({ two_factor_enabled: z.boolean() }),
    refuseWhileImpersonating: true,
  }),
} as const;
