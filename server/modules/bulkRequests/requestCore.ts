import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';

/**
 * The creation core of the sending module (server/requests/create.ts), as every sender uses it:
 * documents are prepared outside any transaction, then inserted inside the caller's. The bulk
 * job takes it as a parameter so that it depends on this shape only.
 */
export type BulkRequestInput = {
  companyId: number;
  createdBy: number | null;
  source: 'bulk';
  packageId?: number;
  title: string;
  message?: string;
  signingOrder: 'sequential' | 'parallel';
  expiresAt: Date;
  reminderDays?: number | null;
  batchId?: number;
  documents: { kind: 'template'; templateVersionId: number; name: string; values: Record<string, string> }[];
  signers: {
    number: number;
    kind: 'signer' | 'approver' | 'copy';
    name: string;
    email: string;
    phone?: string;
    idType?: string;
    idNumber?: string;
    authentication: string[];
  }[];
  /** Same prefix → same storage keys: a retried row overwrites its own files, never adds others. */
  storagePrefix?: string;
};

export type RequestCore<Prepared = unknown> = {
  prepare(deps: Deps, input: BulkRequestInput): Promise<Prepared>;
  insert(deps: Deps, tx: Db, prepared: Prepared): Promise<{ requestId: number; validationCode: string }>;
};
