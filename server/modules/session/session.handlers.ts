import type { HandlersOf } from '../../http/handlers.js';
import {
  changePassword,
  confirmPasswordReset,
  PASSWORD_MESSAGES,
  requestPasswordReset,
} from './password.service.js';
import { logout, SESSION_MESSAGES, signin } from './session.service.js';
import { resendCode, setTwoFactorPreference, verifySecondFactor } from './twoFactor.service.js';

type SessionEndpoints =
  | 'signin'
  | 'secondFactorRequest'
  | 'sendCode'
  | 'passwordReset'
  | 'passwordResetConfirm'
  | 'changePassword'
  | 'twoFactorPreference'
  | 'logout';

export const sessionHandlers: HandlersOf<SessionEndpoints> = {
  signin: async ({ deps, body, ip, userAgent }) => {
    const data = await signin(deps, { ...body, ip, userAgent });
    return {
      data,
      message: data.status === 'authenticated' ? SESSION_MESSAGES.welcome : SESSION_MESSAGES.codeSent,
    };
  },
  secondFactorRequest: async ({ deps, body, ip, userAgent }) => ({
    data: await verifySecondFactor(deps, { ...body, ip, userAgent }),
    message: SESSION_MESSAGES.welcome,
  }),
  sendCode: async ({ deps, body }) => ({
    data: await resendCode(deps, body),
    message: SESSION_MESSAGES.codeSent,
  }),
  passwordReset: async ({ deps, body, ip }) => {
    await requestPasswordReset(deps, { email: body.email, ip });
    return { data: {}, message: PASSWORD_MESSAGES.resetRequested };
  },
  passwordResetConfirm: async ({ deps, body, ip }) => {
    await confirmPasswordReset(deps, { ...body, ip });
    return { data: {}, message: PASSWORD_MESSAGES.resetDone };
  },
  changePassword: async ({ deps, actor, body, ip }) => {
    await changePassword(deps, actor, body, ip);
    return { data: {}, message: PASSWORD_MESSAGES.changed };
  },
  twoFactorPreference: async ({ deps, actor, body }) => ({
    data: await setTwoFactorPreference(deps, actor, body.enabled),
  }),
  logout: async ({ deps, actor, ip }) => {
    await logout(deps, actor, ip);
    return { data: {}, message: SESSION_MESSAGES.loggedOut };
  },
};
