import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { appRoutes } from '../App';
import { PATHS } from '../access/paths';

/**
 * The markup of the login page as the app first renders it for a guest (no session, no query),
 * written into login.html at build time (scripts/login-html.mjs): a phone paints the form as soon
 * as the page and its style sheet arrive, and main.tsx hydrates it once the code has run.
 */
export async function renderLoginPage(): Promise<string> {
  const { query, dataRoutes } = createStaticHandler(appRoutes());
  const context = await query(new Request(`http://localhost${PATHS.login}`));
  if (context instanceof Response)
    throw new Error(`${PATHS.login} answered ${context.status} when prerendered`);
  const router = createStaticRouter(dataRoutes, context);
  // The same tree as main.tsx renders, so that hydration matches it.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
