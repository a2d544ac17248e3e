import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { HttpProblem } from '../errors.js';

const MAX_URL_LENGTH = 2000;

const problem = (message: string) => new HttpProblem(422, message, { url: message });

/** Checks a webhook address: an absolute http(s) URL without user or password. Returns it normalised. */
export function checkWebhookUrl(input: string): string {
  if (input.length > MAX_URL_LENGTH)
    throw problem(`La dirección del webhook es demasiado larga (máximo ${MAX_URL_LENGTH} caracteres)`);
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw problem('La dirección del webhook no es una URL válida');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw problem('La dirección del webhook debe empezar por http:// o https://');
  if (url.username || url.password)
    throw problem('La dirección del webhook no debe incluir usuario ni contraseña; use el secreto de firma');
  if (!url.hostname) throw problem('La dirección del webhook debe nombrar un servidor');
  return url.toString();
}

/**
 * Addresses a webhook must never reach unless WEBHOOK_ALLOW_PRIVATE_NETWORKS says so: the server's
 * own machine and networks (an attacker's endpoint would otherwise make it POST to them).
 */
const FORBIDDEN_NETWORKS: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network", unspecified
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved and broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['::1', 128, 'ipv6'], // loopback
  ['::', 96, 'ipv6'], // IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48, 'ipv6'], // local-use NAT64
  ['100::', 64, 'ipv6'], // discard-only
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'], // multicast
];
const forbidden = new BlockList();
for (const [network, prefix, family] of FORBIDDEN_NETWORKS) forbidden.addSubnet(network, prefix, family);

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d or NAT64 64:ff9b::a.b.c.d), if any. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(
    address,
  );
  if (!match) return undefined;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2]!, 16);
  const low = Number.parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True for loopback, private, link-local, CGNAT, multicast, unspecified and other non-public addresses. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true;
  if (family === 4) return forbidden.check(bare, 'ipv4');
  const inner = embeddedIpv4(bare);
  if (inner) return forbidden.check(inner, 'ipv4');
  return forbidden.check(bare, 'ipv6');
}

export const PRIVATE_ADDRESS_MESSAGE =
  'La dirección del webhook apunta a una red privada, local o reservada; use una dirección pública de internet';
const UNRESOLVED_MESSAGE = 'No se pudo resolver el servidor de la dirección del webhook';

/** Resolves a host name to every address it has (the system resolver by default; tests pass their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** A name that takes longer than this to resolve counts as unresolved (the caller is waiting). */
const RESOLVE_TIMEOUT_MS = 5000;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Sin respuesta del DNS para ${hostname}`)),
      RESOLVE_TIMEOUT_MS,
    );
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses);
    });
  });

/** The URL's host without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Resolves a host and refuses it when any of its addresses is forbidden (a name with one public and
 * one private address is refused too: the connection could use either). Returns the addresses.
 */
export async function resolvePublicAddresses(hostname: string, resolver: Resolver): Promise<LookupAddress[]> {
  if (isIP(hostname)) {
    if (isForbiddenAddress(hostname)) throw problem(PRIVATE_ADDRESS_MESSAGE);
    return [{ address: hostname, family: isIP(hostname) }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolver(hostname);
  } catch {
    throw problem(UNRESOLVED_MESSAGE);
  }
  if (addresses.length === 0) throw problem(UNRESOLVED_MESSAGE);
  if (addresses.some(({ address }) => isForbiddenAddress(address))) throw problem(PRIVATE_ADDRESS_MESSAGE);
  return addresses;
}

export type DestinationPolicy = { allowPrivateNetworks: boolean; resolver?: Resolver };

/**
 * The registration check: the address's form, then (unless private networks are allowed) its host,
 * a literal IP or every address its name resolves to. Returns the normalised URL.
 */
export async function checkWebhookDestination(input: string, policy: DestinationPolicy): Promise<string> {
  const normalised = checkWebhookUrl(input);
  if (!policy.allowPrivateNetworks)
    await resolvePublicAddresses(hostOf(new URL(normalised)), policy.resolver ?? systemResolver);
  return normalised;
}
