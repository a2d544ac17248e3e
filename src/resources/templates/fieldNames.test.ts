import { describe, expect, it } from 'vitest';
import { fieldNameFor } from './fieldNames';

describe('fieldNameFor', () => {
  it('turns a Spanish label into a unique field name the renderer accepts', () => {
    expect(fieldNameFor('Número de identificación', [])).toBe('numero_de_identificacion');
    expect(fieldNameFor('Firma', ['firma', 'firma_2'])).toBe('firma_3');
    expect(fieldNameFor('¿¡!?', [])).toBe('campo');
  });
});
