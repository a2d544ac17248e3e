import type { Page } from '@playwright/test';

/**
 * Fast sign-in for end-to-end specs: one API sign-in per person and worker, then the token and the
 * user are put in localStorage exactly as src/authProvider/session.ts keeps them (`access_token`,
 * `current_user`), before the app's first script runs.
 */
export type ApiSession = {
  token: string;
  user: { id: number; company_id: number } & Record<string, unknown>;
};

const baseUrl = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
const sessions = new Map<string, Promise<ApiSession>>();

async function signIn(email: string, password: string): Promise<ApiSession> {
  const signin = await fetch(`${baseUrl()}/api/users/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const reply = (await signin.json()) as { data?: { status?: string; token?: string; id?: number } };
  if (!signin.ok || reply.data?.status !== 'authenticated' || !reply.data.token) {
    throw new Error(`No se pudo iniciar sesión como ${email}: ${signin.status} ${JSON.stringify(reply)}`);
  }
  const { token, id } = reply.data;
  const userReply = await fetch(`${baseUrl()}/api/get_users/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!userReply.ok) throw new Error(`No se pudo leer el usuario ${email}: ${userReply.status}`);
  const user = ((await userReply.json()) as { data: ApiSession['user'] }).data;
  return { token, user };
}

/** Signs in once per worker and person (the same session serves every test of the worker). */
export function apiSession(
  email: string,
  password: string,
  options: { fresh?: boolean } = {},
): Promise<ApiSession> {
  if (options.fresh) return signIn(email, password);
  let session = sessions.get(email);
  if (!session) {
    session = signIn(email, password);
    sessions.set(email, session);
  }
  return session;
}

/** Opens every page of `page` logged in as `session` (once per tab: a logout stays a logout). */
export async function signPageIn(page: Page, session: ApiSession): Promise<void> {
  await page.addInitScript(
    ({ token, user }) => {
      if (sessionStorage.getItem('e2e-session-seeded')) return;
      sessionStorage.setItem('e2e-session-seeded', '1');
      localStorage.setItem('access_token', token);
      localStorage.setItem('current_user', JSON.stringify(user));
    },
    { token: session.token, user: session.user },
  );
}

export const adminCredentials = () => {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error('Faltan E2E_ADMIN_EMAIL y E2E_ADMIN_PASSWORD');
  return { email, password };
};
