import type { ResourceDataDeclarations } from '../dataProvider/types';
import { accessRulesOf } from './accessRules';
import { banners } from './banners';
import { companies, companyBranches } from './companies';
import { documentTypes } from './documentTypes';
import { helpArticles } from './helpArticles';
import { notifications } from './notifications';
import { planAssignments, planTransactions } from './planAssignments';
import { plans } from './plans';
import { roles } from './roles';
import type { ResourceDeclaration } from './types';
import { userGroups } from './userGroups';
import { users } from './users';

/** Every resource of the app. `App` renders them; the data and auth providers read their declarations. */
export const RESOURCES: readonly ResourceDeclaration[] = [
  companies,
  companyBranches,
  roles,
  users,
  userGroups,
  documentTypes,
  banners,
  plans,
  planAssignments,
  planTransactions,
  notifications,
  helpArticles,
];

export const RESOURCE_DATA: ResourceDataDeclarations = Object.fromEntries(
  RESOURCES.map(({ name, data }) => [name, data]),
);

export const RESOURCE_ACCESS_RULES = accessRulesOf(RESOURCES);
