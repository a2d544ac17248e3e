import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BodyOf, EndpointDefinition, ParamsOf, QueryOf } from '../../contract/define.js';
import type { Endpoints } from '../../contract/index.js';
import type { Actor, Deps } from '../deps.js';

export type HandlerContext<E extends EndpointDefinition> = {
  deps: Deps;
  /** Null only on public endpoints. */
  actor: E['scope'] extends 'public' ? Actor | null : Actor;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  ip: string;
  userAgent: string | undefined;
  request: FastifyRequest;
};

/**
 * A file: a stream (never buffered whole) and the name the browser saves it under; `contentType`
 * for images (xlsx downloads have theirs), `maxAgeSeconds` lets browsers cache an image.
 */
export type FileReply = { stream: Readable; filename: string; contentType?: string; maxAgeSeconds?: number };

export type HandlerResult<E extends EndpointDefinition> = E['produces'] extends
  | 'xlsx'
  | 'image'
  | 'file'
  | 'inline'
  ? { file: FileReply }
  : { data: z.input<E['reply']>; message?: string };

export type Handler<E extends EndpointDefinition> = (context: HandlerContext<E>) => Promise<HandlerResult<E>>;

/** One handler per contract endpoint; a module exports the handlers of its area. */
export type Handlers<T extends Record<string, EndpointDefinition> = Endpoints> = {
  [K in keyof T]: Handler<T[K]>;
};

export type HandlersOf<K extends keyof Endpoints> = Pick<Handlers, K>;
