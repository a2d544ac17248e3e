import type { HandlersOf } from '../../http/handlers.js';
import { getDashboardInfo } from './dashboard.service.js';

export const dashboardHandlers: HandlersOf<'getDashboardInfo'> = {
  getDashboardInfo: async ({ deps, actor, params }) => ({
    data: await getDashboardInfo(deps, actor, params.id),
  }),
};
