import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import type { ResourceDeclaration } from '../types';
import { branchesData, companiesData } from './companiesData';

/**
 * Companies and branches (SPEC §2.1 /user/company, /user/company/update/:id, /company_features).
 * One list serves both (company_list answers within the session's scope); branches are created and
 * updated through their own endpoints, declared as `company_branches`. The screens live on the
 * fixed routes (src/pages/adminPages.tsx), not on react-admin's resource routes.
 */
export const companies = {
  name: 'companies',
  icon: BusinessOutlinedIcon,
  recordRepresentation: 'fiscal_name',
  data: companiesData,
  access: { export: ['company.list'] },
} satisfies ResourceDeclaration;

export const companyBranches = {
  name: 'company_branches',
  icon: BusinessOutlinedIcon,
  recordRepresentation: 'fiscal_name',
  data: branchesData,
} satisfies ResourceDeclaration;

export { CompanyEditPage } from './CompanyEditPage';
export { CompanyFeaturesPage } from './CompanyFeaturesPage';
export { CompanyListPage } from './CompanyListPage';
