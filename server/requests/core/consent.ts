/**
 * The consent signers accept before signing, by version. The signing page shows the current
 * version and a signature records the version accepted; every version ever shown stays in this
 * table, so the certificate of completion prints the very text each signer accepted.
 */
export const CONSENT_TEXTS: Readonly<Record<string, string>> = {
  'consentimiento-2026-01':
    'Acepto firmar electrónicamente estos documentos. Entiendo que mi firma electrónica tiene la misma validez que mi firma manuscrita (Ley 527 de 1999 y Decreto 2364 de 2012) y autorizo el registro de mi dirección IP, mi navegador, la fecha y hora y los datos de verificación como evidencia de la firma.',
};

const CURRENT_VERSION = 'consentimiento-2026-01';

/** The version the signing page shows now. */
export const CONSENT = { version: CURRENT_VERSION, text: CONSENT_TEXTS[CURRENT_VERSION]! } as const;

/** The text of a version signers accepted; undefined for a version this table never held. */
export const consentText = (version: string): string | undefined =>
  Object.hasOwn(CONSENT_TEXTS, version) ? CONSENT_TEXTS[version] : undefined;
