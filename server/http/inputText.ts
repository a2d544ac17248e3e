import { withoutControlCharacters } from '../../contract/validation.js';
import { HttpProblem, MESSAGES } from '../errors.js';

/*
 * Control characters in request input. PostgreSQL refuses NUL in text, and no field of ours has a
 * use for the others; multi-line text keeps tab, line feed and carriage return.
 */

/** A key we can name back to the client without echoing arbitrary input. */
const NAMEABLE_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

export type TextRule = 'line' | 'text';

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** A lone UTF-16 surrogate cannot be stored as UTF-8 either. */
function hasLoneSurrogate(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(value.charCodeAt(index + 1))) return true;
      index++;
    } else if (isLowSurrogate(code)) return true;
  }
  return false;
}

const badString = (value: string, rule: TextRule) =>
  !withoutControlCharacters(value, rule === 'text') || hasLoneSurrogate(value);

/** The text without its control characters (headers we store, such as the user agent). */
export function stripControlCharacters(value: string): string {
  let kept = '';
  for (const character of value) {
    if (withoutControlCharacters(character)) kept += character;
  }
  return kept;
}

/**
 * The path (`a.b.0`) of the first string, or object key, holding a control character, or null.
 * `line` refuses every control character (path and query values); `text` allows \t \n \r (bodies).
 */
export function findControlCharacter(value: unknown, rule: TextRule, path: string[] = []): string[] | null {
  if (typeof value === 'string') return badString(value, rule) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, rule, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (badString(key, 'line')) return path;
      const found = findControlCharacter(item, rule, [...path, NAMEABLE_KEY.test(key) ? key : '_']);
      if (found) return found;
    }
  }
  return null;
}

/**
 * 400 (path and query) or 422 (body) naming the field that holds a control character, keyed like
 * the schema errors so that a form shows it beside the field.
 */
export function refuseControlCharacters(value: unknown, status: 400 | 422): void {
  const path = findControlCharacter(value, status === 400 ? 'line' : 'text');
  if (!path) return;
  if (path.length === 0) {
    throw new HttpProblem(status, MESSAGES.controlCharacter, { _root: MESSAGES.controlCharacter });
  }
  const field = path.join('.');
  const message = status === 400 ? MESSAGES.controlCharacterInParams : MESSAGES.controlCharacterInBody;
  throw new HttpProblem(status, message, { [field]: MESSAGES.controlCharacter });
}
