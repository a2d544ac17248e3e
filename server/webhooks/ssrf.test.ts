import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { checkedLookup } from './post.js';
import { checkWebhookDestination, isForbiddenAddress, type Resolver } from './url.js';

const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('forbidden webhook addresses', () => {
  it.each([
    ['loopback', ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']],
    [
      'private',
      ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.1', '192.168.1.10', '::ffff:10.1.2.3'],
    ],
    ['link-local and metadata', ['169.254.169.254', '169.254.0.1', 'fe80::1', 'fe80::1%eth0']],
    ['carrier-grade NAT', ['100.64.0.1', '100.127.255.254']],
    ['unique local IPv6', ['fc00::1', 'fd12:3456::1']],
    ['multicast', ['224.0.0.1', '239.255.255.250', 'ff02::1']],
    ['unspecified and broadcast', ['0.0.0.0', '0.1.2.3', '::', '255.255.255.255', '240.0.0.1']],
    ['NAT64 of a private address', ['64:ff9b::a00:1', '64:ff9b::127.0.0.1']],
    ['not an address', ['localhost', '']],
  ])('refuses %s', (_, addresses) => {
    for (const address of addresses) expect(isForbiddenAddress(address), address).toBe(true);
  });

  it('accepts public addresses, IPv4 and IPv6', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ])
      expect(isForbiddenAddress(address), address).toBe(false);
  });
});

describe('registration check', () => {
  const resolver = resolverOf({
    'hooks.cliente.co': ['93.184.216.34', '2606:4700::1111'],
    'interno.cliente.co': ['10.0.0.7'],
    'mixto.cliente.co': ['93.184.216.34', '127.0.0.1'],
  });
  const refusal = async (url: string) => {
    const error = await checkWebhookDestination(url, { allowPrivateNetworks: false, resolver }).catch(
      (caught) => caught,
    );
    expect(error, url).toBeInstanceOf(HttpProblem);
    expect((error as HttpProblem).statusCode).toBe(422);
    return (error as HttpProblem).message;
  };

  it('accepts a name that resolves only to public addresses', async () => {
    await expect(
      checkWebhookDestination('https://hooks.cliente.co/r', { allowPrivateNetworks: false, resolver }),
    ).resolves.toBe('https://hooks.cliente.co/r');
  });

  it('refuses literal private IPs in every spelling, and names resolving to them, in Spanish', async () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.1.1/',
      'http://[fd00::1]/',
      'https://interno.cliente.co/',
      'https://mixto.cliente.co/',
    ])
      expect(await refusal(url)).toMatch(/apunta a una red privada, local o reservada/);
    expect(await refusal('https://desconocido.cliente.co/')).toMatch(/No se pudo resolver el servidor/);
  });

  it('lets everything through when private networks are allowed', async () => {
    await expect(
      checkWebhookDestination('http://127.0.0.1:9/r', { allowPrivateNetworks: true, resolver }),
    ).resolves.toBe('http://127.0.0.1:9/r');
  });
});

describe('delivery-time lookup', () => {
  const lookup = (resolver: Resolver, hostname: string, all: boolean) =>
    new Promise<unknown>((resolve, reject) =>
      checkedLookup(resolver)(hostname, { all }, (error, address, family) =>
        error ? reject(error) : resolve(all ? address : { address, family }),
      ),
    );

  it('hands the connection the addresses it checked, and refuses a name now pointing inside', async () => {
    let calls = 0;
    // Public at first, loopback afterwards: the rebinding attack.
    const rebinding: Resolver = async () =>
      calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    expect(await lookup(rebinding, 'rebote.cliente.co', false)).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    await expect(lookup(rebinding, 'rebote.cliente.co', true)).rejects.toThrow(/red privada/);
    const publicOnly = resolverOf({ 'hooks.cliente.co': ['93.184.216.34'] });
    expect(await lookup(publicOnly, 'hooks.cliente.co', true)).toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
  });
});
