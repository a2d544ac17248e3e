import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  breakableWords,
  refuseUndisplayable,
  textForDocument,
  undisplayableCharacters,
  undisplayableMessage,
} from './documentText.js';

describe('text for documents', () => {
  it('drops every bidirectional control and composes accents', () => {
    const controls = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
    expect(textForDocument(`a${controls}b`)).toBe('ab');
    expect(textForDocument('Contrato \u202efdp.exe\u202c fin')).toBe('Contrato fdp.exe fin');
    expect(textForDocument('Jose\u0301')).toBe('José');
  });

  it('finds what the fonts cannot draw, ignoring invisible characters', () => {
    expect(undisplayableCharacters('Ana Pérez Ωμέγα Привет ✓ 😀')).toEqual([]);
    expect(undisplayableCharacters('a\u200db\u00ad\ufe0f\u202e')).toEqual([]);
    expect(undisplayableCharacters('中文 中')).toEqual(['中', '文']);
    expect(undisplayableCharacters('שלום')).toHaveLength(4);
    expect(undisplayableCharacters('Q\u0301')).toEqual(['\u0301']);
  });

  it('names the characters, marks on a dotted circle, at most five', () => {
    expect(undisplayableMessage(['中'])).toBe(
      'Los documentos no pueden mostrar «中» (U+4E2D): escriba el texto sin esos caracteres',
    );
    expect(undisplayableMessage(['\u0301'])).toContain('«◌\u0301» (U+0301)');
    expect(undisplayableMessage([...'一二三四五六七'])).toContain('y 2 más');
  });

  it('refuses in a schema with a message on the field', () => {
    const schema = z.object({ name: z.string().superRefine(refuseUndisplayable) });
    const result = schema.safeParse({ name: 'Ana 中' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ['name'],
      message: expect.stringContaining('«中»'),
    });
    expect(schema.safeParse({ name: 'Ana \u202ePérez' }).success).toBe(true);
  });

  it('makes long words breakable between characters, never inside one', () => {
    expect(breakableWords('palabras cortas de veinte letras')).toBe('palabras cortas de veinte letras');
    const long = `${'é'.repeat(15)}👨‍👩‍👧${'n\u0303'.repeat(10)}`;
    const broken = breakableWords(`x ${long} y`);
    expect(broken.replace(/\u200b/g, '')).toBe(`x ${long} y`);
    const parts = broken.split(' ')[1]!.split('\u200b');
    expect(parts).toHaveLength(26);
    expect(parts).toContain('👨‍👩‍👧');
    expect(parts).toContain('n\u0303');
  });

  it('breaks a long address after its separators only, unless a stretch between them is still too long', () => {
    const address = 'maria.fernanda.gomez@firmantes.empresa.com.co';
    expect(breakableWords(address).split('\u200b')).toEqual([
      'maria.',
      'fernanda.',
      'gomez@',
      'firmantes.',
      'empresa.',
      'com.',
      'co',
    ]);
    const stretch = 'x'.repeat(25);
    expect(breakableWords(`ana@${stretch}.co`).split('\u200b')).toEqual(['ana@', ...stretch, '.', 'co']);
  });
});
