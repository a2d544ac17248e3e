import { z } from 'zod';
import { endpoint } from '../define.js';
import { email } from '../schemas.js';

const area = 'Session';

export const session = {
  signin: endpoint({
    method: 'POST',
    path: 'users/signin',
    summary: 'Inicia sesión con correo y contraseña; devuelve el token de sesión.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ email, password: z.string().min(1).max(200) }),
    reply: z.object({ token: z.string(), id: z.number() }),
    rateLimit: { bucket: 'signin-ip', max: 20, windowSeconds: 60 },
    skipAudit: true,
  }),
} as const;
