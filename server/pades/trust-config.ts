import { type Config, ConfigError } from '../config.js';
import type { TrustConfig } from './trust.js';

/** The sealing variables of the configuration, checked for the pairs that only work together. */
export function trustConfigFrom(config: Config): TrustConfig {
  if (Boolean(config.SEAL_CERT_PATH) !== Boolean(config.SEAL_KEY_PATH)) {
    throw new ConfigError('Configuración inválida — SEAL_CERT_PATH y SEAL_KEY_PATH van juntos');
  }
  if (config.SEAL_P12_PATH && config.SEAL_CERT_PATH) {
    throw new ConfigError('Configuración inválida — use SEAL_P12_PATH o SEAL_CERT_PATH, no ambos');
  }
  if (config.TSA_URL && !config.TSA_TRUSTED_ROOTS_PATH) {
    throw new ConfigError('Configuración inválida — TSA_URL requiere TSA_TRUSTED_ROOTS_PATH');
  }
  return {
    sealCertificatePath: config.SEAL_CERT_PATH,
    sealKeyPath: config.SEAL_KEY_PATH,
    sealPkcs12Path: config.SEAL_P12_PATH,
    sealPkcs12Password: config.SEAL_P12_PASSWORD,
    trustedRootsPath: config.SIGNING_TRUSTED_ROOTS_PATH,
    tsaUrl: config.TSA_URL,
    tsaTrustedRootsPath: config.TSA_TRUSTED_ROOTS_PATH,
  };
}
