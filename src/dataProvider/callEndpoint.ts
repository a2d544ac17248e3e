import {
  type EndpointName,
  type Endpoints,
  endpoints,
  fillPath,
  type InputOf,
  pathParamNames,
  type ReplyOf,
} from '../../contract';
import { API_BASE, type HttpClient, type HttpRequest } from './httpClient';

export type EndpointInput<N extends EndpointName> = InputOf<Endpoints[N]>;
export type EndpointReply<N extends EndpointName> = ReplyOf<Endpoints[N]>;
export type CallOptions = {
  signal?: AbortSignal;
  /** Show the reply as a toast (SPEC §7.3: only requests that ask for alerts get one). */
  alert?: boolean;
};

/** The input may be left out when the endpoint needs none (e.g. `logout`). */
export type EndpointArgs<N extends EndpointName> =
  object extends EndpointInput<N>
    ? [input?: EndpointInput<N>, options?: CallOptions]
    : [input: EndpointInput<N>, options?: CallOptions];

/** Calls a contract endpoint by name and resolves to the `data` of its `{ data, message }` reply. */
export type CallEndpoint = <N extends EndpointName>(
  name: N,
  ...args: EndpointArgs<N>
) => Promise<EndpointReply<N>>;

type LooseInput = Readonly<Record<string, unknown>>;

function appendQueryValue(query: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendQueryValue(query, key, item);
    return;
  }
  query.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/**
 * The HTTP request for an endpoint: its method, `/api/` + its path filled with the input's path
 * parameters, the remaining input keys as the query string, and `input.body` as the JSON body
 * (never for GET).
 */
export function buildEndpointRequest(name: EndpointName, input: LooseInput = {}): HttpRequest {
  const { method, path } = endpoints[name];
  const pathNames = new Set(pathParamNames(path));
  const { body, ...rest } = input;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(rest)) {
    if (!pathNames.has(key)) appendQueryValue(query, key, value);
  }
  const queryString = query.toString();
  const url = `${API_BASE}/${fillPath(path, rest)}${queryString ? `?${queryString}` : ''}`;
  return method === 'GET' || body === undefined ? { method, url } : { method, url, body };
}

/** Untyped core shared by `callEndpoint` and the data provider's generic adapter. */
export type EndpointRequester = (
  name: EndpointName,
  input?: LooseInput,
  options?: CallOptions,
) => Promise<unknown>;

/** A reply's `data` and the server's `message` (the title of a toast, SPEC §8). */
export type EndpointReplyEnvelope = { data: unknown; message: string | null };

/** Like `EndpointRequester`, but keeps the server's `message` beside the `data`. */
export type EndpointEnvelopeRequester = (
  name: EndpointName,
  input?: LooseInput,
  options?: CallOptions,
) => Promise<EndpointReplyEnvelope>;

export function createEndpointEnvelopeRequester(httpClient: HttpClient): EndpointEnvelopeRequester {
  return async (name, input, options = {}) => {
    const request = buildEndpointRequest(name, input);
    const { json } = await httpClient(options.signal ? { ...request, signal: options.signal } : request);
    if (!json || typeof json !== 'object') return { data: undefined, message: null };
    const data = 'data' in json ? json.data : undefined;
    const message = 'message' in json && typeof json.message === 'string' ? json.message : null;
    return { data, message };
  };
}

export function createEndpointRequester(httpClient: HttpClient): EndpointRequester {
  const requestEnvelope = createEndpointEnvelopeRequester(httpClient);
  return async (name, input, options) => (await requestEnvelope(name, input, options)).data;
}

/** The typed `callEndpoint` for bespoke screens and the auth provider. */
export function createCallEndpoint(httpClient: HttpClient): CallEndpoint {
  const request = createEndpointRequester(httpClient);
  // The contract types the input and reply per name; the request itself is the same for all.
  return ((name: EndpointName, input?: LooseInput, options?: CallOptions) =>
    request(name, input, options)) as CallEndpoint;
}
