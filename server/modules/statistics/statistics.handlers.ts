import type { HandlersOf } from '../../http/handlers.js';
import {
  getCompaniesPackagesStatistics,
  getCompaniesStatistics,
  getCompaniesUnitsPackagesStatistics,
  getCompaniesUsersStatistics,
  getCompaniesValidationCodes,
  getCompanyPackagesStatistics,
  getCompanyStatistics,
  getCompanyUnitsPackagesStatistics,
  getCompanyUsersStatistics,
  getCompanyValidationCodes,
  getTotalStorage,
} from './statistics.service.js';

export const statisticsHandlers: HandlersOf<
  | 'getCompanyStatistics'
  | 'getCompaniesStatistics'
  | 'getTotalStorage'
  | 'getCompaniesUsersStatistics'
  | 'getCompanyUsersStatistics'
  | 'getCompaniesPackagesStatistics'
  | 'getCompanyPackagesStatistics'
  | 'getCompaniesUnitsPackagesStatistics'
  | 'getCompanyUnitsPackagesStatistics'
  | 'getCompaniesValidationCodes'
  | 'getCompanyValidationCodes'
> = {
  getCompanyStatistics: async ({ deps, body }) => ({
    data: await getCompanyStatistics(deps, body.company_id),
  }),
  getCompaniesStatistics: async ({ deps, body }) => ({ data: await getCompaniesStatistics(deps, body) }),
  getTotalStorage: async ({ deps }) => ({ data: await getTotalStorage(deps) }),
  getCompaniesUsersStatistics: async ({ deps, query }) => ({
    data: await getCompaniesUsersStatistics(deps, query),
  }),
  getCompanyUsersStatistics: async ({ deps, actor }) => ({
    data: await getCompanyUsersStatistics(deps, actor),
  }),
  getCompaniesPackagesStatistics: async ({ deps, query }) => ({
    data: await getCompaniesPackagesStatistics(deps, query),
  }),
  getCompanyPackagesStatistics: async ({ deps, actor }) => ({
    data: await getCompanyPackagesStatistics(deps, actor),
  }),
  getCompaniesUnitsPackagesStatistics: async ({ deps, query }) => ({
    data: await getCompaniesUnitsPackagesStatistics(deps, query),
  }),
  getCompanyUnitsPackagesStatistics: async ({ deps, actor }) => ({
    data: await getCompanyUnitsPackagesStatistics(deps, actor),
  }),
  getCompaniesValidationCodes: async ({ deps, body }) => ({
    data: await getCompaniesValidationCodes(deps, body),
  }),
  getCompanyValidationCodes: async ({ deps, actor, body }) => ({
    data: await getCompanyValidationCodes(deps, actor, body),
  }),
};
