import type { HandlersOf } from '../../http/handlers.js';
import {
  createCompany,
  deleteCompany,
  getCompany,
  listBranches,
  listCompanies,
  rotateApiKey,
  updateCompany,
} from './companies.service.js';
import { companyLogo, exportCompanies } from './companyFiles.js';
import { COMPANY_MESSAGES } from './companyRules.js';

type CompanyEndpoint =
  | 'listCompanies'
  | 'getCompany'
  | 'addCompany'
  | 'listBranches'
  | 'addBranch'
  | 'updateBranch'
  | 'updateCompany'
  | 'addCompanySettings'
  | 'deleteCompany'
  | 'exportCompanies'
  | 'rotateCompanyApiKey'
  | 'getCompanyLogo';

export const companiesHandlers: HandlersOf<CompanyEndpoint> = {
  // roleID and companyID of the path are legacy: the session decides what the caller sees.
  listCompanies: async ({ deps, actor, params, body }) => ({
    data: await listCompanies(deps, actor, { page: params.page, itemsPerPage: params.itemsPerPage, ...body }),
  }),
  getCompany: async ({ deps, params }) => ({ data: await getCompany(deps, params.companyId) }),
  addCompany: async ({ deps, actor, body }) => ({
    data: await createCompany(deps, actor, body),
    message: COMPANY_MESSAGES.created,
  }),
  listBranches: async ({ deps, actor, params }) => ({
    data: await listBranches(deps, actor, params.companyId),
  }),
  addBranch: async ({ deps, actor, body }) => ({
    data: await createCompany(deps, actor, body),
    message: COMPANY_MESSAGES.branchCreated,
  }),
  updateBranch: async ({ deps, actor, params, body }) => ({
    data: await updateCompany(deps, actor, params.id, body, { branchOnly: true }),
    message: COMPANY_MESSAGES.updated,
  }),
  updateCompany: async ({ deps, actor, params, body }) => ({
    data: await updateCompany(deps, actor, params.id, body),
    message: COMPANY_MESSAGES.updated,
  }),
  addCompanySettings: async ({ deps, actor, body: { company_id, ...settings } }) => ({
    data: await updateCompany(deps, actor, company_id, settings),
    message: COMPANY_MESSAGES.updated,
  }),
  deleteCompany: async ({ deps, actor, params }) => ({
    data: await deleteCompany(deps, actor, params.id),
    message: COMPANY_MESSAGES.deleted,
  }),
  exportCompanies: async ({ deps, actor, body }) => ({ file: exportCompanies(deps, actor, body) }),
  rotateCompanyApiKey: async ({ deps, actor, params }) => ({
    data: await rotateApiKey(deps, actor, params.companyId),
    message: COMPANY_MESSAGES.keyRotated,
  }),
  getCompanyLogo: async ({ deps, params }) => ({ file: await companyLogo(deps, params.companyId) }),
};
