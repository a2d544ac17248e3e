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

export async function signingCall<T>(path: string, body: Record<string, unknown>): Promise<T> {
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
  const json = (await response.json().catch(() => ({}))) as { data?: T; message?: string };
  if (!response.ok) throw new SigningError(response.status, json.message ?? NETWORK_MESSAGE);
  return json.data as T;
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

export type SignerSummary = {
  name: string;
  status: string;
  authentication: string[];
  email: string;
  phone: string | null;
  authenticated: boolean;
  /** Five wrong codes in this link's round: only the sender's resend (a new link) unlocks it. */
  code_locked: boolean;
  channels: ('email' | 'sms' | 'whatsapp')[];
};

export type FieldBox = {
  field: string;
  kind: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

export type SigningView = {
  request_id: number;
  title: string;
  message: string | null;
  company: string;
  status: string;
  expires_at: string;
  your_turn: boolean;
  signer: SignerSummary;
  documents: {
    id: number;
    name: string;
    page_count: number;
    pages: { width: number; height: number; svg: string }[];
    boxes: FieldBox[];
  }[];
  consent: { version: string; text: string };
  rejection_reasons: string[];
};

export type SignerOverview = {
  signer: SignerSummary;
  company: string;
  pending: {
    request_id: number;
    title: string;
    company: string;
    documents: { id: number; name: string; page_count: number }[];
  }[];
  consent: { version: string; text: string };
};

/** A finished request as its signer's link shows it (`signed_request_documents`). */
export type SignedRequestView = {
  request_id: number;
  title: string;
  company: string;
  seal_status: 'pending' | 'sealed';
  documents: { id: number; name: string; page_count: number }[];
};
