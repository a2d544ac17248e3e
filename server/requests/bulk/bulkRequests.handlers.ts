import { BULK_MESSAGES } from '../../../contract/endpoints/bulkRequests.js';
import type { HandlersOf } from '../../http/handlers.js';
import {
  bulkBatchProgress,
  exportBulkSheet,
  importBulkRows,
  importBulkSheet,
  sendBulkBatch,
  updateBulkRows,
} from './batches.service.js';

type BulkEndpoints =
  | 'exportBulkSheet'
  | 'importBulkSheet'
  | 'importBulkRows'
  | 'updateBulkRows'
  | 'sendBulkBatch'
  | 'bulkBatchProgress';

export const bulkRequestsHandlers: HandlersOf<BulkEndpoints> = {
  exportBulkSheet: async ({ deps, actor, params }) => ({
    file: await exportBulkSheet(deps, actor, params.documentHeaderId, params.countryId),
  }),
  importBulkSheet: async ({ deps, actor, body }) => {
    const { record, message } = await importBulkSheet(deps, actor, body);
    return { data: record, message };
  },
  importBulkRows: async ({ deps, actor, body }) => {
    const { record, message } = await importBulkRows(deps, actor, body);
    return { data: record, message };
  },
  updateBulkRows: async ({ deps, actor, body }) => ({
    data: await updateBulkRows(deps, actor, body),
    message: BULK_MESSAGES.updated,
  }),
  sendBulkBatch: async ({ deps, actor, body }) => {
    const { summary, message } = await sendBulkBatch(deps, actor, body.batch_id);
    return { data: summary, message };
  },
  bulkBatchProgress: async ({ deps, actor, body }) => ({
    data: await bulkBatchProgress(deps, actor, body.batch_id, body.only_problems),
  }),
};
