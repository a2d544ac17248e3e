import type { Identifier } from 'react-admin';

/** SPEC §2.1 routes of this resource (the route table in src/access/routes.ts holds the patterns). */
export const COMPANY_LIST_PATH = '/user/company';
export const companyUpdatePath = (id: Identifier) => `/user/company/update/${id}`;
export const COMPANY_FEATURES_PATH = '/company_features';
