import type { LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import {
  isForbiddenAddress,
  PRIVATE_ADDRESS_MESSAGE,
  type Resolver,
  resolvePublicAddresses,
  systemResolver,
} from './url.js';

export type WebhookPost = {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  resolver?: Resolver;
};

/**
 * The socket's name lookup: resolves once, refuses when any address is forbidden and hands the
 * checked addresses to the connection, so a name that changes between check and connect (DNS
 * rebinding) cannot reach a private address.
 */
export function checkedLookup(resolver: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicAddresses(hostname, resolver).then(
      (addresses) => {
        const wanted = options.family
          ? addresses.filter((entry) => entry.family === options.family)
          : addresses;
        const [first] = wanted;
        if (!first) {
          callback(Object.assign(new Error(`Sin dirección IPv${options.family} para ${hostname}`)), '', 0);
          return;
        }
        if (options.all) (callback as (e: null, all: LookupAddress[]) => void)(null, wanted);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, '', 0),
    );
  };
}

/**
 * POSTs a webhook body and answers the receiver's status code. Redirects are answers, not addresses
 * to follow; the body of the answer is discarded. Unless private networks are allowed, the host is
 * checked right before the connection, which goes to the address that was checked.
 */
export function postWebhook(post: WebhookPost): Promise<number> {
  const url = new URL(post.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!post.allowPrivateNetworks && isIP(host) && isForbiddenAddress(host))
    return Promise.reject(new Error(PRIVATE_ADDRESS_MESSAGE));
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: { ...post.headers, 'Content-Length': String(Buffer.byteLength(post.body)) },
        signal: AbortSignal.timeout(post.timeoutMs),
        ...(post.allowPrivateNetworks ? {} : { lookup: checkedLookup(post.resolver ?? systemResolver) }),
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    outgoing.on('error', (error) =>
      reject(error.name === 'AbortError' ? new Error(`sin respuesta en ${post.timeoutMs / 1000} s`) : error),
    );
    outgoing.end(post.body);
  });
}
