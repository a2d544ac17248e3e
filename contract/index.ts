import type { EndpointDefinition } from './define.js';
import { adminUsers } from './endpoints/adminUsers.js';
import { banner } from './endpoints/banner.js';
import { company } from './endpoints/company.js';
import { companyFeaturesEndpoints } from './endpoints/companyFeatures.js';
import { documentGroups } from './endpoints/documentGroups.js';
import { documents } from './endpoints/documents.js';
import { documentTypes } from './endpoints/documentTypes.js';
import { helpCenter } from './endpoints/helpCenter.js';
import { location } from './endpoints/location.js';
import { notificationPackages } from './endpoints/notificationPackages.js';
import { notifications } from './endpoints/notifications.js';
import { plans } from './endpoints/plans.js';
import { session } from './endpoints/session.js';
import { statistics } from './endpoints/statistics.js';
import { system } from './endpoints/system.js';
import { templates } from './endpoints/templates.js';
import { user } from './endpoints/user.js';
import { userGroups } from './endpoints/userGroups.js';

export * from './define.js';
export * from './owners.js';
export * from './permissions.js';
export * from './schemas.js';
export * from './validation.js';

/** Every API call, by name. One file per SPEC §7.2 area under endpoints/. */
export const endpoints = {
  ...system,
  ...session,
  ...user,
  ...adminUsers,
  ...company,
  ...companyFeaturesEndpoints,
  ...location,
  ...notificationPackages,
  ...plans,
  ...banner,
  ...notifications,
  ...helpCenter,
  ...statistics,
  ...userGroups,
  ...documentTypes,
  ...templates,
  ...documents,
  ...documentGroups,
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
