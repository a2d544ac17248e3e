import type { FastifyInstance } from 'fastify';
import { HttpProblem, MESSAGES } from '../errors.js';
import { REQUEST_LIMITS } from './requestLimits.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`, read in one pass without
 * parsing: brackets inside strings (escaped quotes included) do not count. Malformed text is left
 * for the parser to refuse; this only answers about nesting, and stops at the first level too deep.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      index = closingQuote(text, index + 1);
      if (index === -1) return false;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/**
 * The index of the quote that ends a string starting at `from`, or -1 when none does. Strings
 * (base64 files above all) are skipped by native search, not character by character; a quote
 * preceded by an odd run of backslashes is escaped.
 */
function closingQuote(text: string, from: number): number {
  for (let at = text.indexOf('"', from); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (at - 1 - backslashes >= from && text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}

/**
 * Fastify's JSON body parser (same prototype-poisoning rules, same errors for empty or broken
 * JSON) behind a nesting check on the raw text: a body nested deeper than the limit is refused
 * with 400 before anything parses it or walks it, on every route.
 */
export function installJsonBodyParser(
  app: FastifyInstance,
  maxDepth: number = REQUEST_LIMITS.bodyDepth,
): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // `parseAs: 'string'` hands the body over as text.
    const text = body as string;
    if (jsonNestsDeeperThan(text, maxDepth)) {
      done(new HttpProblem(400, MESSAGES.bodyTooDeep(maxDepth)), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
