import { describe, expect, it } from 'vitest';
import { installSpanishZodMessages } from '../contract/validation.js';
import { ConfigError, loadConfig } from './config.js';

installSpanishZodMessages();

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('keeps webhooks off private networks unless WEBHOOK_ALLOW_PRIVATE_NETWORKS is true', () => {
    expect(loadConfig({}).WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }).WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe(true);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'yes' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE_NETWORKS/,
    );
  });

  it('keeps files on disk by default; S3 needs S3_BUCKET, and both keys or neither', () => {
    expect(loadConfig({})).toMatchObject({
      STORAGE_DRIVER: 'local',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET: es obligatorio con STORAGE_DRIVER=s3/,
    );
    expect(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'rubrica',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({
      S3_BUCKET: 'rubrica',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    const halfKeys = () =>
      loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' });
    expect(halfKeys).toThrow(/S3_SECRET_ACCESS_KEY: falta/);
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    // Trusting every hop would let any client pick its own address.
    for (const wrong of ['true', '10.0.0.0/33', 'proxy.local', '1.2.3.4/8/1'])
      expect(() => loadConfig({ TRUST_PROXY: wrong })).toThrow(/TRUST_PROXY/);
  });

  it('keeps /metrics off unless METRICS_TOKEN is set, and refuses a short token', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(32) }).METRICS_TOKEN).toBe('x'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'corto' })).toThrow(/METRICS_TOKEN/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
  ])('refuses %o naming the variable', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(variable));
  });

  it('requires SECRETS_KEY with DATABASE_URL, naming it, and checks its length', () => {
    const databaseUrl = 'postgres://rubrica@127.0.0.1/rubrica';
    expect(() => loadConfig({ DATABASE_URL: databaseUrl })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: databaseUrl })).toThrow(
      /SECRETS_KEY: es obligatoria con PostgreSQL/,
    );
    expect(() => loadConfig({ DATABASE_URL: databaseUrl, SECRETS_KEY: 'corta' })).toThrow(
      /SECRETS_KEY: debe tener 32 bytes/,
    );
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ DATABASE_URL: databaseUrl, SECRETS_KEY: key }).SECRETS_KEY).toBe(key);
    // PGlite (one process) keeps its secrets in DATA_DIR and needs no key.
    expect(loadConfig({}).SECRETS_KEY).toBeUndefined();
  });
});
