export {
  AccessRefused,
  type AppAuthProvider,
  type AppIdentity,
  AuthRedirect,
  createAuthProvider,
  type ImpersonationTarget,
  isAppAuthProvider,
  type LoginParams,
  SecondFactorRequired,
} from './authProvider';
export {
  type AccessRequest,
  callerOf,
  canAccess,
  type ResourceAccessRules,
  type ResourceAction,
} from './canAccess';
export {
  ACCESS_TOKEN_KEY,
  CURRENT_USER_KEY,
  createSessionStore,
  ORIGINAL_TOKEN_KEY,
  type SessionStore,
  TWO_FACTOR_PROMPT_KEY,
} from './session';
export { decodeTokenPayload, isTokenExpired, type TokenPayload } from './token';
