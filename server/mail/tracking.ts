import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import type { Deps } from '../deps.js';

/** Public path of the open-tracking pixel; the file name is the e-mail's public id. */
export const OPEN_PIXEL_PREFIX = '/correo/abierto';

/** The smallest transparent GIF: 1×1 pixel. */
export const TRANSPARENT_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const openPixelUrl = (baseUrl: string, mailId: string) =>
  `${baseUrl.replace(/\/+$/, '')}${OPEN_PIXEL_PREFIX}/${mailId}.gif`;

/** The HTML part with the pixel just before `</body>` (or at its end); a text-only message is left alone. */
export function withOpenPixel<T extends { html?: string }>(message: T, baseUrl: string, mailId: string): T {
  if (!message.html) return message;
  const pixel = `<img src="${openPixelUrl(baseUrl, mailId)}" width="1" height="1" alt="" style="display:block;border:0">`;
  const closing = message.html.toLowerCase().lastIndexOf('</body>');
  const html =
    closing === -1
      ? `${message.html}${pixel}`
      : `${message.html.slice(0, closing)}${pixel}${message.html.slice(closing)}`;
  return { ...message, html };
}

/**
 * Records an open of a sent e-mail: the first moves it from "sent" to "opened"; each one counts
 * and moves the last open. A queued, bounced or failed mail is left as it is.
 */
export async function recordOpen(db: Db, mailId: string): Promise<void> {
  if (!UUID.test(mailId)) return;
  await db.execute(sql`
    UPDATE mail_outbox SET status = 'opened', opened_at = COALESCE(opened_at, now()),
           last_opened_at = now(), open_count = open_count + 1
    WHERE public_id = ${mailId.toLowerCase()} AND status IN ('sent', 'opened')`);
}

/**
 * `GET /correo/abierto/<id>.gif`: public, always the same 1×1 GIF whether or not the id exists
 * (so it reveals nothing), never cached (so each client's first load reaches us).
 */
export function installMailTracking(app: FastifyInstance, deps: Pick<Deps, 'database' | 'logger'>): void {
  app.get<{ Params: { file: string } }>(`${OPEN_PIXEL_PREFIX}/:file`, async (request, reply) => {
    const mailId = request.params.file.replace(/\.gif$/i, '');
    try {
      await recordOpen(deps.database.db, mailId);
    } catch (error) {
      // The reader's client gets its pixel anyway; the failure is ours to see.
      deps.logger.error({ err: error }, 'No se pudo registrar la apertura de un correo');
    }
    return reply
      .header('Content-Type', 'image/gif')
      .header('Cache-Control', 'no-store, max-age=0')
      .header('Content-Length', TRANSPARENT_GIF.length)
      .send(TRANSPARENT_GIF);
  });
}
