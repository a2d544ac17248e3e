import type { FastifyInstance } from 'fastify';
import {
  type EndpointName,
  type Endpoints,
  endpoints,
  fillPath,
  type ReplyOf,
} from '../../../contract/index.js';

export type CallInput = {
  params?: Record<string, unknown>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
};

/** The reply of a call; `data` is meaningful when `status` is 200. */
export type CallResult<K extends EndpointName> = {
  status: number;
  data: ReplyOf<Endpoints[K]>;
  message: string;
  errors?: Record<string, string>;
};

/**
 * Calls a contract endpoint by name, as the web app does: method and path come from the contract,
 * so a test reads like the screen that makes the call, and its reply is typed by the contract.
 */
export function endpointCaller(app: FastifyInstance) {
  return async <K extends EndpointName>(
    token: string | null,
    name: K,
    input: CallInput = {},
  ): Promise<CallResult<K>> => {
    const entry = endpoints[name];
    const response = await app.inject({
      method: entry.method,
      url: `/api/${fillPath(entry.path, input.params ?? {})}`,
      query: Object.fromEntries(
        Object.entries(input.query ?? {}).map(([key, value]) => [key, String(value)]),
      ),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: entry.method === 'GET' ? undefined : ((input.body as object | undefined) ?? {}),
    });
    const json = response.json() as {
      data: ReplyOf<Endpoints[K]>;
      message: string;
      errors?: Record<string, string>;
    };
    return { status: response.statusCode, data: json.data, message: json.message, errors: json.errors };
  };
}
