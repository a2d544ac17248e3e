import type { z } from 'zod';
import type { signedDocuments } from '../../contract/endpoints/signedDocuments';
import type { signing } from '../../contract/endpoints/signing';

/**
 * Calls of the signer's pages: POST, JSON, and the browser session the server binds codes to
 * (a random id kept in this tab's sessionStorage, sent as `x-signing-session`).
 */

const SESSION_KEY = 'rubrica.signing-session';

function randomId(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function browserSession(storage: Storage = sessionStorage): string {
  let id = storage.getItem(SESSION_KEY);
  if (!id || !/^[A-Za-z0-9_-]{32,128}$/.test(id)) {
    id = randomId();
    storage.setItem(SESSION_KEY, id);
  }
  return id;
}

/** A refusal of the server, with its Spanish message and status (404 unknown link, 410 closed, …). */
export class SigningError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SigningError';
  }
}

export const NETWORK_MESSAGE =
  'No fue posible comunicarse con el servidor. Revise su conexión e intente de nuevo';

/**
 * The signer's endpoints by path, typed from the contract (type-only imports: the page bundles no
 * zod schema). A call names a contract path and gets its body checked and its reply typed.
 */
type SignerEndpoints =
  | (typeof signing)[keyof typeof signing]
  | (typeof signedDocuments)['signedRequestDocuments'];
export type SignerPath = SignerEndpoints['path'];
type EndpointAt<P extends SignerPath> = Extract<SignerEndpoints, { path: P }>;
export type SignerBody<P extends SignerPath> = z.input<EndpointAt<P>['body']>;
export type SignerReply<P extends SignerPath> = z.output<EndpointAt<P>['reply']>;

export async function signingCall<P extends SignerPath>(
  path: P,
  body: SignerBody<P>,
): Promise<SignerReply<P>> {
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signing-session': browserSession() },
      body: JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    throw new SigningError(0, NETWORK_MESSAGE);
  }
  const json = (await response.json().catch(() => ({}))) as { data?: SignerReply<P>; message?: string };
  if (!response.ok) throw new SigningError(response.status, json.message ?? NETWORK_MESSAGE);
  return json.data as SignerReply<P>;
}

/** A file (signature, selfie) as the base64 the endpoints take. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*;base64,/, ''));
    reader.onerror = () => reject(new SigningError(0, 'No se pudo leer el archivo'));
    reader.readAsDataURL(file);
  });
}

export type SignatureChoice = { kind: 'drawn' | 'uploaded' } | { kind: 'typed'; text: string };

/** What the signer's link shows (`verify_token_sign_request`). */
export type SigningView = SignerReply<'verify_token_sign_request'>;
export type SignerSummary = SigningView['signer'];
export type FieldBox = SigningView['documents'][number]['boxes'][number];
/** The signer and their other pending requests in the company (`verify_token_user`). */
export type SignerOverview = SignerReply<'verify_token_user'>;
/** A finished request as its signer's link shows it (`signed_request_documents`). */
export type SignedRequestView = SignerReply<'signed_request_documents'>;
