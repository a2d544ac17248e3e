import type { Readable } from 'node:stream';

/**
 * Waits until a file stream has its first bytes (or has ended), so that a failure before then (a
 * query refused by the database) still gets a JSON error instead of a cut connection. Once the
 * headers have left, a later failure can only end the download early; Fastify logs it.
 */
export function streamStarted(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('readable', onReadable);
      stream.off('end', onReadable);
      stream.off('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onReadable = () => settle();
    const onError = (error: Error) => settle(error);
    if (stream.destroyed) {
      reject(stream.errored ?? new Error('El archivo dejó de generarse antes de empezar'));
      return;
    }
    stream.on('readable', onReadable);
    stream.once('end', onReadable);
    stream.once('error', onError);
  });
}
