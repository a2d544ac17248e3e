import { type I18nProvider, localStorageStore, type Store } from 'react-admin';
import {
  type AppAuthProvider,
  createAuthProvider,
  createSessionStore,
  type SessionStore,
} from './authProvider';
import { type AppDataProvider, createDataProvider, createHttpClient } from './dataProvider';
import { createFeedbackBus, type FeedbackBus } from './feedback/feedbackBus';
import { createI18nProvider } from './i18n/i18nProvider';
import { RESOURCE_ACCESS_RULES, RESOURCE_DATA } from './resources/registry';

/** react-admin's store (preferences, list params) is named and versioned: bump the version to drop old state. */
export const STORE_NAME = 'rubrica';
export const STORE_VERSION = '1';

export type AppProviders = {
  session: SessionStore;
  dataProvider: AppDataProvider;
  authProvider: AppAuthProvider;
  i18nProvider: I18nProvider;
  store: Store;
  /** Toasts, requests under way and swallowed failures reported by bespoke calls. */
  feedback: FeedbackBus;
};

/** Wires the providers the app runs with, over the browser's localStorage. */
export function createAppProviders(storage: Storage = globalThis.localStorage): AppProviders {
  const session = createSessionStore(storage);
  const feedback = createFeedbackBus();
  const httpClient = createHttpClient({ getToken: session.getToken });
  const dataProvider = createDataProvider({ httpClient, resources: RESOURCE_DATA, feedback });
  const authProvider = createAuthProvider({
    // The rejecting variant: a wrong password must reach the login form.
    callEndpoint: dataProvider.callEndpoint,
    session,
    accessRules: RESOURCE_ACCESS_RULES,
  });
  return {
    session,
    dataProvider,
    authProvider,
    i18nProvider: createI18nProvider(),
    store: localStorageStore(STORE_VERSION, STORE_NAME),
    feedback,
  };
}
