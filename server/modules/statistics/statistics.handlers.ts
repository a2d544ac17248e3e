import type { HandlersOf } from '../../http/handlers.js';
import { getCompanyStatistics } from './statistics.service.js';

export const statisticsHandlers: HandlersOf<'getCompanyStatistics'> = {
  getCompanyStatistics: async ({ deps, body }) => ({
    data: await getCompanyStatistics(deps, body.company_id),
  }),
};
