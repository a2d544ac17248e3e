import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import {
  insertSignatureRequest,
  type NewSignatureRequest,
  type PreparedRequest,
  prepareRequestDocuments,
  type TemplateVersionCache,
} from '../core/create.js';
import { insertSignatureRequests } from '../core/createMany.js';

export type BulkRequestInput = NewSignatureRequest;

/**
 * The creation core every sender shares (server/requests/core/create.ts): documents prepared outside
 * any transaction, then inserted inside the caller's. The bulk job takes it as a parameter, so a
 * test can watch what each row asks for.
 */
export type RequestCore<Prepared = PreparedRequest> = {
  /** `versions`: template versions already read, shared by the rows of one job. */
  prepare(deps: Deps, input: NewSignatureRequest, versions?: TemplateVersionCache): Promise<Prepared>;
  insert(deps: Deps, tx: Db, prepared: Prepared): Promise<{ requestId: number; validationCode: string }>;
  /** Many at once, all or none (without it, rows are inserted one by one). */
  insertMany?(
    deps: Deps,
    tx: Db,
    prepared: readonly Prepared[],
  ): Promise<{ requestId: number; validationCode: string }[]>;
};

export const REQUEST_CORE: RequestCore = {
  prepare: prepareRequestDocuments,
  insert: insertSignatureRequest,
  insertMany: insertSignatureRequests,
};
