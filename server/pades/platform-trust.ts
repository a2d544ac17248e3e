import type { Config } from '../config.js';
import {
  loadOrCreateTrust,
  type PkiPart,
  type PlatformPki,
  type PlatformTrust,
  trustFromPki,
} from './trust.js';
import { trustConfigFrom } from './trust-config.js';

/**
 * The platform's PKI (seal, CA, timestamp authority), loaded once per process and data
 * directory: sealing and public validation share it, and the keys are read from disk once.
 */
const loaded = new Map<string, Promise<PlatformTrust>>();

type SharedPki = { pki: PlatformPki; source: (part: PkiPart) => string; trust?: Promise<PlatformTrust> };

/** On PostgreSQL, the PKI every process shares (from the database), by the configuration it serves. */
const shared = new WeakMap<Config, SharedPki>();

/** Makes `platformTrust(config)` use this PKI instead of DATA_DIR/signing (bootstrap on PostgreSQL). */
export function sharePlatformPki(config: Config, pki: PlatformPki, source: (part: PkiPart) => string): void {
  shared.set(config, { pki, source });
}

export function platformTrust(config: Config): Promise<PlatformTrust> {
  const fromDatabase = shared.get(config);
  if (fromDatabase) {
    if (!fromDatabase.trust) {
      const trust = trustFromPki(fromDatabase.pki, trustConfigFrom(config), fromDatabase.source);
      // A configured seal file that cannot be read yet is tried again on the next call.
      trust.catch(() => {
        fromDatabase.trust = undefined;
      });
      fromDatabase.trust = trust;
    }
    return fromDatabase.trust;
  }
  const key = JSON.stringify([config.DATA_DIR, trustConfigFrom(config)]);
  let trust = loaded.get(key);
  if (!trust) {
    trust = loadOrCreateTrust(config.DATA_DIR, trustConfigFrom(config));
    // A failed load (a missing file) is not cached: the next call reads the files again.
    trust.catch(() => loaded.delete(key));
    loaded.set(key, trust);
  }
  return trust;
}
