import type { ComponentType } from 'react';
import { AdminApp } from './AdminApp';
import { createAppProviders } from './providers';

/**
 * Loads the react-admin application (its own chunk: the public signing pages never download it).
 * SPEC §2.2: the user behind a stored token is refreshed before the first screen; if that fails a
 * warning is logged (by refreshUser) and the app starts anyway.
 */
export async function prepareAdminApp(): Promise<{ default: ComponentType }> {
  const providers = createAppProviders();
  await providers.authProvider.refreshUser();
  return { default: () => <AdminApp providers={providers} /> };
}
