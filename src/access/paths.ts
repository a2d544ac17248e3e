/**
 * Paths of the routes this part of the app knows (SPEC §2.1). The full route table, with access
 * lists and the navigation guard, comes with the application shell.
 */
export const PATHS = {
  root: '/',
  login: '/session/login',
  recoverPassword: '/session/recover-password',
  home: '/home',
} as const;
