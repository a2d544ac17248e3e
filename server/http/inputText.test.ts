import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { findControlCharacter, refuseControlCharacters, stripControlCharacters } from './inputText.js';

describe('control characters in input', () => {
  it('finds NUL and other control characters anywhere, naming the path', () => {
    expect(findControlCharacter({ q: 'a\u0000' }, 'line')).toEqual(['q']);
    expect(findControlCharacter({ a: { b: ['ok', 'x\u001b'] } }, 'text')).toEqual(['a', 'b', '1']);
    expect(findControlCharacter({ a: 'del\u007f' }, 'text')).toEqual(['a']);
    expect(findControlCharacter('\u0007', 'text')).toEqual([]);
    expect(findControlCharacter({ a: 1, b: true, c: null }, 'line')).toBeNull();
  });

  it('allows tab, line feed and carriage return in bodies only', () => {
    expect(findControlCharacter({ body: 'línea 1\r\n\tlínea 2' }, 'text')).toBeNull();
    expect(findControlCharacter({ q: 'a\tb' }, 'line')).toEqual(['q']);
  });

  it('refuses lone surrogates but keeps real astral characters', () => {
    expect(findControlCharacter({ name: 'firma ✍️ 😀' }, 'line')).toBeNull();
    expect(findControlCharacter({ name: 'a\ud800' }, 'line')).toEqual(['name']);
    expect(findControlCharacter({ name: '\udc00b' }, 'line')).toEqual(['name']);
  });

  it('does not echo a key that holds control characters or arbitrary text', () => {
    expect(findControlCharacter({ 'k\u0000': 'v' }, 'text')).toEqual([]);
    expect(findControlCharacter({ nested: { '<script>': 'a\u0000' } }, 'text')).toEqual(['nested', '_']);
  });

  it('answers 400 for path and query, 422 for bodies, in Spanish; the field is named in errors, its key never in the message', () => {
    const problem = (value: unknown, status: 400 | 422) => {
      try {
        refuseControlCharacters(value, status);
      } catch (error) {
        return error as HttpProblem;
      }
      return null;
    };
    const query = problem({ q: '\u0000' }, 400);
    expect(query).toBeInstanceOf(HttpProblem);
    expect(query).toMatchObject({ statusCode: 400, errors: { q: 'No se permiten caracteres de control' } });
    expect(query?.message).toBe('No se permiten caracteres de control en los parámetros de la solicitud');
    const body = problem({ password: { b: '\u0001' } }, 422);
    expect(body).toMatchObject({ statusCode: 422, errors: { 'password.b': expect.any(String) } });
    expect(body?.message).toBe('No se permiten caracteres de control en los datos enviados');
    expect(problem({ a: 'bien' }, 422)).toBeNull();
  });

  it('strips control characters from stored headers', () => {
    expect(stripControlCharacters('Mozilla\u0000/5.0\r\n')).toBe('Mozilla/5.0');
  });
});
