import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPEN_DOCUMENT_URL,
  openedFrom,
  SIGNIN_URL,
  twoSignerRequest,
  WRONG_SIGNIN,
} from './support/clientAddress.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/**
 * The client's address (rate-limit buckets, audit, a signer's evidence) is the socket's unless
 * TRUST_PROXY names the hops in front: only then does `X-Forwarded-For` count, and only as far
 * back as the trusted hops go.
 */

const SIGNIN_LIMIT = 2;

/** Signs in wrongly from `remoteAddress`, claiming `forwardedFor`; the status says whose bucket filled. */
const signin = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app
    .inject({
      method: 'POST',
      url: SIGNIN_URL,
      payload: WRONG_SIGNIN,
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })
    .then((response) => response.statusCode);

const open = async (t: TestApp, token: string, remoteAddress: string, forwardedFor: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: OPEN_DOCUMENT_URL,
    payload: { token },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  expect(response.statusCode).toBe(200);
};

const appWith = (trustProxy?: string) =>
  createTestApp({
    env: {
      SIGNIN_RATE_LIMIT_PER_MINUTE: String(SIGNIN_LIMIT),
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    },
  });

describe('without TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith();
  });
  afterAll(() => t.close());

  it('keeps one bucket per socket address whatever X-Forwarded-For claims', async () => {
    const statuses = [];
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      statuses.push(await signin(t, '127.0.0.7', forged));
    expect(statuses).toEqual([401, 401, 429]);
    // Another socket address has its own bucket.
    expect(await signin(t, '127.0.0.8', '198.51.100.1')).toBe(401);
  });

  it('records the socket address in the evidence, not the forged one', async () => {
    const { requestId, signers } = await twoSignerRequest(t, 'sin-proxy');
    await open(t, signers[0]!.token, '127.0.0.7', '198.51.100.1');
    await open(t, signers[1]!.token, '127.0.0.8', '198.51.100.2');
    expect(await openedFrom(t, requestId)).toEqual({
      [signers[0]!.id]: '127.0.0.7',
      [signers[1]!.id]: '127.0.0.8',
    });
  });
});

describe('with TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith('1');
  });
  afterAll(() => t.close());

  it('gives each forwarded client its own bucket behind the one proxy', async () => {
    expect(await signin(t, '127.0.0.1', '203.0.113.10')).toBe(401);
    expect(await signin(t, '127.0.0.1', '203.0.113.10')).toBe(401);
    expect(await signin(t, '127.0.0.1', '203.0.113.11')).toBe(401);
    expect(await signin(t, '127.0.0.1', '203.0.113.10')).toBe(429);
    expect(await signin(t, '127.0.0.1', '203.0.113.11')).toBe(401);
  });

  it('records each client its own address, and only the hop the proxy added', async () => {
    const { requestId, signers } = await twoSignerRequest(t, 'un-salto');
    await open(t, signers[0]!.token, '127.0.0.1', '203.0.113.20');
    // A client that sent its own X-Forwarded-For: the proxy appends the address it saw, which wins.
    await open(t, signers[1]!.token, '127.0.0.1', '10.9.9.9, 203.0.113.21');
    expect(await openedFrom(t, requestId)).toEqual({
      [signers[0]!.id]: '203.0.113.20',
      [signers[1]!.id]: '203.0.113.21',
    });
  });
});

describe('with TRUST_PROXY as a list of addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith('127.0.0.1, 10.0.0.0/8');
  });
  afterAll(() => t.close());

  it('believes X-Forwarded-For from a listed hop and ignores it from any other', async () => {
    const { requestId, signers } = await twoSignerRequest(t, 'lista');
    // Through two listed proxies (10.1.2.3 forwarded to 127.0.0.1): the client is the first unlisted hop.
    await open(t, signers[0]!.token, '127.0.0.1', '203.0.113.30, 10.1.2.3');
    await open(t, signers[1]!.token, '127.0.0.9', '203.0.113.31');
    expect(await openedFrom(t, requestId)).toEqual({
      [signers[0]!.id]: '203.0.113.30',
      [signers[1]!.id]: '127.0.0.9',
    });
    // An unlisted hop's claim does not move it to another bucket either.
    expect(await signin(t, '127.0.0.9', '203.0.113.40')).toBe(401);
    expect(await signin(t, '127.0.0.9', '203.0.113.41')).toBe(401);
    expect(await signin(t, '127.0.0.9', '203.0.113.42')).toBe(429);
  });
});
