import type { Config } from '../config.js';
import { loadOrCreateTrust, type PlatformTrust } from './trust.js';
import { trustConfigFrom } from './trust-config.js';

/**
 * The platform's PKI (seal, CA, timestamp authority), loaded once per process and data
 * directory: sealing and public validation share it, and the keys are read from disk once.
 */
const loaded = new Map<string, Promise<PlatformTrust>>();

export function platformTrust(config: Config): Promise<PlatformTrust> {
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
