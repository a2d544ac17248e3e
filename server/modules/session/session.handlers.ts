import type { HandlersOf } from '../../http/handlers.js';
import { logout, SESSION_MESSAGES, signin } from './session.service.js';

export const sessionHandlers: HandlersOf<'signin' | 'logout'> = {
  signin: async ({ deps, body, ip, userAgent }) => ({
    data: await signin(deps, { ...body, ip, userAgent }),
    message: SESSION_MESSAGES.welcome,
  }),
  logout: async ({ deps, actor, ip }) => {
    await logout(deps, actor, ip);
    return { data: {}, message: SESSION_MESSAGES.loggedOut };
  },
};
