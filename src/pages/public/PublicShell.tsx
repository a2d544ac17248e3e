import { spanishAppMessages } from '../../i18n/es';

/** The public pages speak Spanish without react-admin's i18n (they must not load react-admin). */
export const PUBLIC_MESSAGES = spanishAppMessages.app;

/**
 * The frame of the public pages (validation, approval) is the signer's (SPEC §2.3: no drawer, no
 * top bar, no footer); unlike the signer's pages, these may load the whole message catalogue.
 */
export { SigningShell as PublicShell } from '../../signer/SigningShell';
