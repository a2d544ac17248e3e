export {
  AccessRefused,
  type AppAuthProvider,
  type AppIdentity,
  AuthRedirect,
  createAuthProvider,
  type LoginParams,
} from './authProvider';
export { type AccessRequest, canAccess, type ResourceAccessRules, type ResourceAction } from './canAccess';
export { ACCESS_TOKEN_KEY, CURRENT_USER_KEY, createSessionStore, type SessionStore } from './session';
export { decodeTokenPayload, isTokenExpired, type TokenPayload } from './token';
