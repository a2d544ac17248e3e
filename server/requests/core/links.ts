import type { Deps } from '../../deps.js';
import { signerToken } from './tokens.js';

/** Base address of links in e-mails (PUBLIC_URL, else the address the server listens on). */
export function publicBaseUrl(deps: Pick<Deps, 'config'>): string {
  return (deps.config.PUBLIC_URL ?? `http://${deps.config.HOST}:${deps.config.PORT}`).replace(/\/+$/, '');
}

/** The signer's link of the current round (the token is never stored, only derived). */
export function signingLink(deps: Pick<Deps, 'config' | 'secrets'>, signerId: number, round: number): string {
  return `${publicBaseUrl(deps)}/signature-request/${signerToken(deps.secrets.sessionSecret, signerId, round)}`;
}
