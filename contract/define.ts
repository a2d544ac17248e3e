import type { z } from 'zod';
import type { OwnedEntity } from './owners.js';
import type { Permission } from './permissions.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint, checked by the route layer before any handler runs:
 * - public: anyone, no token;
 * - authenticated: any signed-in user;
 * - company: a signed-in user, data limited to their company and its branches (administrator: all);
 * - global: only users of the platform company (company 1).
 */
export type Scope = 'public' | 'authenticated' | 'company' | 'global';

/**
 * A record named by the request whose owning company must be visible to the caller
 * (otherwise 404). `from` says where the id (or array of ids) is read; `entity` names a table
 * declared in contract/owners.ts.
 */
export type Ownership = { entity: OwnedEntity; from: InputSource; field: string };
export type InputSource = 'params' | 'body' | 'query';

type AnyObject = z.ZodType<Record<string, unknown>>;

export type EndpointDefinition = {
  method: HttpMethod;
  /** Path template exactly as SPEC §7.2, without the `/api` base: `get_users/{id}`. */
  path: string;
  /** Spanish one-line description, shown in the API docs. */
  summary: string;
  /** SPEC §7.2 area, used to group the docs. */
  area: string;
  scope: Scope;
  /** Every listed permission is required. */
  permissions: readonly Permission[];
  params?: AnyObject;
  query?: AnyObject;
  body?: z.ZodType;
  /** Schema of `data` in the `{ data, message }` reply; unknown fields are stripped. */
  reply: z.ZodType;
  /**
   * A file instead of JSON: the handler returns `{ file }`. 'xlsx' is a download (attachment);
   * 'image' is shown inline (a logo an <img> loads) with the content type the handler gives;
   * 'file' is a download and 'inline' a document the browser shows (a PDF), both with the
   * handler's content type (ZIP, CSV, PDF).
   */
  produces?: 'xlsx' | 'image' | 'file' | 'inline';
  /** HTTP status of a success: 201 for a call that creates a record (200 when absent). */
  successStatus?: 200 | 201;
  owns?: readonly Ownership[];
  /**
   * Id-like input fields (`id`, `*_id`, `*Id`, `*ID`, arrays of them) that do not name a tenant
   * record, each with the reason: field name → why (e.g. `role_id: 'los roles son globales'`).
   * Every other id-like field of a non-public endpoint needs an `owns` rule (contract test).
   */
  notTenant?: Readonly<Record<string, string>>;
  /**
   * The caller's own record needs nothing more; another's needs these permissions (on top of
   * `permissions` and `owns`). `param` names the path parameter holding the user id.
   */
  selfOr?: { param: string; permissions: readonly Permission[] };
  /** Rate-limit bucket applied per IP before the handler, e.g. login. */
  rateLimit?: { bucket: string; max: number; windowSeconds: number };
  /** Refused while impersonating (signing as a signer, validating a signer's OTP). */
  refuseWhileImpersonating?: boolean;
  /** A valid request, for the docs and for the route sweep (needed when a body names an owned record). */
  example?: {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    /** A reply's `data`, shown in the docs (a shape the schema alone does not make clear). */
    reply?: unknown;
  };
  /**
   * A creating call that honours an `Idempotency-Key` header: a repeat of the key by the same
   * caller gets the first reply again instead of creating twice (server/http/idempotency.ts).
   */
  idempotent?: boolean;
  /**
   * A POST that changes nothing (a list whose filters travel in the body): it leaves the server's
   * short-lived session cache alone, which every other non-GET call empties.
   */
  readOnly?: boolean;
  /** Skip the audit-log row written for state-changing calls (e.g. logins, audited by the service). */
  skipAudit?: boolean;
  /**
   * Also callable server-to-server with the company's API key (`Authorization: ApiKey <key>` or
   * `X-Api-Key: <key>`), acting with INTEGRATION_ROLE's permissions within the key's company.
   */
  apiKey?: boolean;
};

/**
 * What an API-key client may do: the integration role, declared here and granted to no user. Its
 * calls are further limited to the endpoints marked `apiKey` and to the key's company.
 */
export const INTEGRATION_ROLE = {
  name: 'Integración (clave de API)',
  // Sending, reading and acting on the company's requests, and managing its webhooks (company.update
  // opens nothing else: a key reaches only the endpoints marked `apiKey`).
  permissions: ['signature_request.create', 'signature_request.list', 'signer.list', 'company.update'],
} as const satisfies { name: string; permissions: readonly Permission[] };

/** Keeps literal types of a definition while checking its shape. */
export function endpoint<const T extends EndpointDefinition>(definition: T): T {
  return definition;
}

export type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
export type ParamsOf<E extends EndpointDefinition> = Infer<E['params']>;
export type QueryOf<E extends EndpointDefinition> = Infer<E['query']>;
export type BodyOf<E extends EndpointDefinition> = Infer<E['body']>;
export type ReplyOf<E extends EndpointDefinition> = z.output<E['reply']>;
/** The input a web client sends: path params, query and body together. */
export type InputOf<E extends EndpointDefinition> = (E['params'] extends z.ZodType
  ? z.input<E['params']>
  : unknown) &
  (E['query'] extends z.ZodType ? z.input<E['query']> : unknown) & {
    body?: E['body'] extends z.ZodType ? z.input<E['body']> : never;
  };

/** Fills a path template: `get_users/{id}` + `{ id: 3 }` → `get_users/3`. */
export function fillPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Falta el parámetro de ruta ${name} para ${template}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Path parameter names of a template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}
