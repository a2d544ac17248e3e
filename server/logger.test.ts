import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, maskUrl } from './logger.js';

describe('logger', () => {
  it('masks signer links and one-time tokens in URLs', () => {
    expect(maskUrl('/signature-request/abcdef123?x=1')).toBe('/signature-request/***?x=1');
    expect(maskUrl('/api/verify?token=secret&code=123456&page=2')).toBe(
      '/api/verify?token=***&code=***&page=2',
    );
  });

  it('never writes passwords, tokens or authorization headers', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('info', sink);
    logger.info({ body: { password: 'hunter22', token: 'tok-123', email: 'a@b.co' } }, 'signin');
    logger.info({ req: { headers: { authorization: 'Bearer abc.def' } } }, 'request');
    const output = lines.join('');
    expect(output).toContain('a@b.co');
    for (const secret of ['hunter22', 'tok-123', 'abc.def']) expect(output).not.toContain(secret);
  });
});
