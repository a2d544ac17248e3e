import type { EndpointDefinition } from './define.js';
import { adminUsers } from './endpoints/adminUsers.js';
import { company } from './endpoints/company.js';
import { notificationPackages } from './endpoints/notificationPackages.js';
import { session } from './endpoints/session.js';
import { statistics } from './endpoints/statistics.js';
import { system } from './endpoints/system.js';
import { user } from './endpoints/user.js';

export * from './define.js';
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
  ...notificationPackages,
  ...statistics,
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
