import { describe, expect, it } from 'vitest';
import { diffBlocks, diffFields, textBlocks } from './templateDiff.js';

describe('textBlocks', () => {
  it('reads one line per block, table cells joined, merge fields by name, entities decoded', () => {
    expect(
      textBlocks(
        '<h1>Título</h1><p>Hola <span data-field="nombre">Nombre</span> &amp; c&iacute;a</p>' +
          '<ul><li>Uno</li><li>Dos</li></ul><table><tr><td>A</td><td>B</td></tr></table><p><img src="data:x"></p>',
      ),
    ).toEqual(['Título', 'Hola «nombre» & c&iacute;a', 'Uno', 'Dos', 'A | B', '[imagen]']);
  });
});

describe('diffBlocks', () => {
  it('pairs a replaced block as one change and keeps the rest aligned', () => {
    expect(diffBlocks(['a', 'b', 'c'], ['a', 'B', 'c', 'd'])).toEqual([
      { change: 'same', before: 'a', after: 'a' },
      { change: 'changed', before: 'b', after: 'B' },
      { change: 'same', before: 'c', after: 'c' },
      { change: 'added', before: null, after: 'd' },
    ]);
    expect(diffBlocks(['x', 'y'], ['y'])).toEqual([
      { change: 'removed', before: 'x', after: null },
      { change: 'same', before: 'y', after: 'y' },
    ]);
  });
});

describe('diffFields', () => {
  it('tells added, removed and changed fields apart, whatever the key order', () => {
    const text = { name: 'a', type: 'text', label: 'A', required: false, filled_by: 0 } as const;
    const email = { name: 'b', type: 'email', label: 'B', required: false, filled_by: 0 } as const;
    const changes = diffFields(
      [text, email],
      [
        { ...text, required: true },
        { ...email, name: 'c' },
      ],
    );
    expect(changes.added.map((field) => field.name)).toEqual(['c']);
    expect(changes.removed.map((field) => field.name)).toEqual(['b']);
    expect(changes.changed).toEqual([{ name: 'a', before: text, after: { ...text, required: true } }]);
  });
});
