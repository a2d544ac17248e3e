import { HttpProblem } from '../errors.js';

const MAX_URL_LENGTH = 2000;

/** Checks a webhook address: an absolute http(s) URL without user or password. Returns it normalised. */
export function checkWebhookUrl(input: string): string {
  const problem = (message: string) => new HttpProblem(422, message, { url: message });
  if (input.length > MAX_URL_LENGTH)
    throw problem(`La dirección del webhook es demasiado larga (máximo ${MAX_URL_LENGTH} caracteres)`);
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw problem('La dirección del webhook no es una URL válida');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw problem('La dirección del webhook debe empezar por http:// o https://');
  if (url.username || url.password)
    throw problem('La dirección del webhook no debe incluir usuario ni contraseña; use el secreto de firma');
  if (!url.hostname) throw problem('La dirección del webhook debe nombrar un servidor');
  return url.toString();
}
