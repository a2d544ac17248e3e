import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when read aloud or typed (no I, L, O, U, 0, 1). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** `K7QM-2XHD-9TRB`: 12 characters from a CSPRNG, about 59 bits. */
export function newValidationCode(): string {
  return Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  ).join('-');
}

/** Accepts what a person types (lower case, spaces, missing dashes); undefined when it cannot be a code. */
export function normaliseValidationCode(input: string): string | undefined {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length !== GROUPS * GROUP_LENGTH || [...compact].some((char) => !ALPHABET.includes(char))) {
    return undefined;
  }
  return compact.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
}

export function validationUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/certificate_validation?code=${encodeURIComponent(code)}`;
}
