/**
 * The origins a company lets frame its signers' pages (`frame-ancestors`, `postMessage` target).
 * An origin is `https://host[:port]`, or `http://` for this machine only (127.0.0.1, localhost,
 * [::1]): no path, query, user or wildcard. Written the way browsers report it (`location.origin`):
 * lower case, without the scheme's default port.
 */

export const MAX_FRAME_ORIGINS = 10;
/** An origin is a scheme, a host name (at most 253 characters) and a port. */
export const FRAME_ORIGIN_MAX_LENGTH = 300;

export const FRAME_ORIGIN_MESSAGES = {
  tooMany: `Puede autorizar como máximo ${MAX_FRAME_ORIGINS} orígenes`,
  tooLong: `Un origen tiene como máximo ${FRAME_ORIGIN_MAX_LENGTH} caracteres`,
  empty: 'Escriba el origen, por ejemplo https://portal.empresa.com',
  characters:
    'El origen solo puede tener letras sin tildes, números, puntos, guiones y dos puntos (un dominio internacional se escribe en punycode, xn--…)',
  wildcard: 'El origen no admite comodines (*): escriba cada dominio completo',
  shape: 'Escriba solo el origen, https://dominio[:puerto], sin ruta, consulta ni usuario',
  https: 'El origen debe usar https:// (http:// solo se admite para 127.0.0.1, localhost o [::1])',
  host: 'El dominio del origen no es válido',
} as const;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

const isIpv4 = (host: string) =>
  IPV4.exec(host)
    ?.slice(1)
    .every((part) => Number(part) <= 255) ?? false;

/** The origin as browsers write it, or the Spanish reason it is not one. */
export function normaliseFrameOrigin(input: string): { origin: string } | { problem: string } {
  const text = input.trim();
  if (text.length === 0) return { problem: FRAME_ORIGIN_MESSAGES.empty };
  if (text.length > FRAME_ORIGIN_MAX_LENGTH) return { problem: FRAME_ORIGIN_MESSAGES.tooLong };
  if (!PRINTABLE_ASCII.test(text)) return { problem: FRAME_ORIGIN_MESSAGES.characters };
  if (text.includes('*')) return { problem: FRAME_ORIGIN_MESSAGES.wildcard };
  const shape = /^([a-z][a-z0-9+.-]*):\/\/([^/?#@]+)\/?$/i.exec(text);
  if (!shape) return { problem: FRAME_ORIGIN_MESSAGES.shape };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: FRAME_ORIGIN_MESSAGES.host };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: FRAME_ORIGIN_MESSAGES.https };
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(host)) return { problem: FRAME_ORIGIN_MESSAGES.https };
  if (!(DOMAIN.test(host) || isIpv4(host) || IPV6.test(host) || host === 'localhost')) {
    return { problem: FRAME_ORIGIN_MESSAGES.host };
  }
  return { origin: url.origin };
}

/** A list of origins, each normalised, without repeats; or the reason of the first refused one by index. */
export function normaliseFrameOrigins(
  inputs: readonly string[],
): { origins: string[] } | { problems: Record<number, string>; tooMany?: true } {
  if (inputs.length > MAX_FRAME_ORIGINS) return { problems: {}, tooMany: true };
  const origins: string[] = [];
  const problems: Record<number, string> = {};
  for (const [index, input] of inputs.entries()) {
    const result = normaliseFrameOrigin(input);
    if ('problem' in result) problems[index] = result.problem;
    else if (!origins.includes(result.origin)) origins.push(result.origin);
  }
  return Object.keys(problems).length > 0 ? { problems } : { origins };
}
