import { SIGNER_STATUS_LABELS } from '../../../contract/requestHistoryRecords.js';
import type { ContractHistoryRow } from './reports.service.js';

export type SignerParts = readonly [name: string, status: keyof typeof SIGNER_STATUS_LABELS, kind: string];

/** A request's own values, however they were read (the page's rows or the export's lines). */
export type RequestParts = {
  id: number;
  title: string;
  companyId: number;
  ownName: string;
  parentName: string | null;
  packageId: number | null;
  packageName: string | null;
  createdBy: number | null;
  creatorName: string | null;
  creatorLastName: string | null;
  status: ContractHistoryRow['status'];
  signers: readonly SignerParts[];
};

export type RequestColumns = Omit<
  ContractHistoryRow,
  'created_at' | 'sent_at' | 'completed_at' | 'expires_at'
>;

/** The columns the report page and its export show alike: names joined, signers counted. */
export function requestColumns(parts: RequestParts): RequestColumns {
  let acting = 0;
  let signed = 0;
  for (const [, status, kind] of parts.signers) {
    if (kind === 'copy') continue;
    acting += 1;
    if (status === 'signed') signed += 1;
  }
  return {
    id: parts.id,
    title: parts.title,
    company_id: parts.companyId,
    company_name: parts.parentName ?? parts.ownName,
    branch_name: parts.parentName ? parts.ownName : null,
    package_id: parts.packageId,
    package_name: parts.packageName,
    created_by: parts.createdBy,
    creator_name: parts.creatorName
      ? [parts.creatorName, parts.creatorLastName].filter(Boolean).join(' ')
      : null,
    status: parts.status,
    signer_count: acting,
    signed_count: signed,
    signers: parts.signers
      .map(([name, status]) => `${name} (${SIGNER_STATUS_LABELS[status] ?? status})`)
      .join('; '),
    // One plan unit per signer or approver, as sending consumed them (copies are free).
    units: acting,
  };
}
