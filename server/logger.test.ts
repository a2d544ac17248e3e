import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, describeError, describeErrorStack, maskUrl } from './logger.js';

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

describe('error serializer', () => {
  it('never writes the parameter values of a failed SQL query', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('info', sink);
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      detail: 'Key (email)=(persona@privada.co) already exists.',
      params: ['secreto-1'],
    });
    const failed = Object.assign(
      new Error('Failed query: select * from users where email = $1\nparams: persona@privada.co,secreto-2'),
      { query: 'select * from users where email = $1', params: ['persona@privada.co', 'secreto-2'], cause },
    );
    logger.error({ err: failed }, 'Error no controlado');
    const output = lines.join('');
    expect(output).toContain('select * from users where email = $1');
    expect(output).toContain('0x00');
    for (const value of ['persona@privada.co', 'secreto-1', 'secreto-2']) expect(output).not.toContain(value);
  });
});

describe('describeError (start-up failures and crashes on the terminal)', () => {
  const failedInsert = () =>
    Object.assign(
      new Error(
        'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: admin@rubrica.test,$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      ),
      {
        params: ['admin@rubrica.test', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
        cause: Object.assign(
          new Error('duplicate key value violates unique constraint "users_email_unique"'),
          {
            detail: 'Key (lower(email))=(admin@rubrica.test) already exists.',
          },
        ),
      },
    );

  it('keeps the query and the causes, never the parameters', () => {
    const text = describeError(failedInsert());
    expect(text).toContain('insert into "users"');
    expect(text).toContain('users_email_unique');
    for (const value of ['$argon2id$', 'admin@rubrica.test', 'params:']) expect(text).not.toContain(value);
  });

  it('does the same for a stack', () => {
    const text = describeErrorStack(failedInsert());
    expect(text).toContain('at ');
    for (const value of ['$argon2id$', 'admin@rubrica.test', 'params:']) expect(text).not.toContain(value);
    expect(describeError('texto')).toBe('texto');
    expect(describeError(failedInsert(), { causes: false })).toBe(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
    );
  });
});
