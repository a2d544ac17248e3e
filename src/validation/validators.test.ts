import { isRequired } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  atLeastOne,
  exactLength,
  excludedCharacter,
  integersOnly,
  mandatoryField,
  matchesFormat,
  maxLength,
  minLength,
  numbersOnly,
  requiredField,
  uppercaseOnly,
  validEmail,
} from './validators';

// react-admin calls a validator with (value, allValues, props); the rules only read the value.
const check = (validator: ReturnType<typeof requiredField>, value: unknown) =>
  validator(value, {}, undefined);

describe('the validators of SPEC §5', () => {
  it('required and mandatory refuse empty values with their own messages', () => {
    for (const empty of [undefined, null, '', '   ', []]) {
      expect(check(requiredField(), empty)).toBe('Campo requerido');
      expect(check(mandatoryField(), empty)).toBe('Este campo es obligatorio');
    }
    expect(check(requiredField(), 'x')).toBeUndefined();
    expect(check(requiredField(), 0)).toBeUndefined();
    expect(check(mandatoryField(), false)).toBeUndefined();
  });

  it('mark their input as required, as react-admin does for its own required()', () => {
    expect(isRequired([requiredField(), maxLength(5)])).toBe(true);
    expect(isRequired(mandatoryField())).toBe(true);
    expect(isRequired([validEmail(), maxLength(5)])).toBe(false);
  });

  it('every other rule lets an empty value through', () => {
    const rules = [
      validEmail(),
      numbersOnly(),
      integersOnly(),
      uppercaseOnly(),
      maxLength(2),
      minLength(5),
      exactLength(3),
      excludedCharacter('|'),
      matchesFormat(/^A$/),
    ];
    for (const rule of rules) {
      expect(check(rule, '')).toBeUndefined();
      expect(check(rule, undefined)).toBeUndefined();
    }
  });

  it('e-mail', () => {
    expect(check(validEmail(), 'ana@empresa.co')).toBeUndefined();
    expect(check(validEmail(), 'ana@empresa')).toBe('Ingrese un correo electrónico válido');
    expect(check(validEmail(), 'ana empresa.co')).toBe('Ingrese un correo electrónico válido');
  });

  it('numbers only: digits, leading zeros kept, nothing else', () => {
    expect(check(numbersOnly(), '0012345')).toBeUndefined();
    expect(check(numbersOnly(), 42)).toBeUndefined();
    for (const bad of ['12a', '-5', '1.5', '1 000'])
      expect(check(numbersOnly(), bad)).toBe('Solo se permiten números');
  });

  it('integers only', () => {
    expect(check(integersOnly(), '-15')).toBeUndefined();
    expect(check(integersOnly(), 7)).toBeUndefined();
    expect(check(integersOnly(), 7.5)).toBe('Solo se permiten números enteros');
    expect(check(integersOnly(), '3,2')).toBe('Solo se permiten números enteros');
  });

  it('uppercase only (Spanish letters included)', () => {
    expect(check(uppercaseOnly(), 'ÑANDÚ S.A.S. 2')).toBeUndefined();
    expect(check(uppercaseOnly(), 'Ñandú')).toBe('Solo se permiten letras mayúsculas');
  });

  it('maximum, minimum and exact length count characters, not bytes', () => {
    expect(check(maxLength(3), 'ñññ')).toBeUndefined();
    expect(check(maxLength(3), 'abcd')).toBe('Máximo 3 caracteres');
    expect(check(minLength(8), 'abc')).toBe('Mínimo 8 caracteres');
    expect(check(minLength(2), 'ab')).toBeUndefined();
    expect(check(exactLength(6), '12345')).toBe('Debe tener exactamente 6 caracteres');
    expect(check(exactLength(6), '123456')).toBeUndefined();
  });

  it('excluded character', () => {
    expect(check(excludedCharacter(';'), 'a;b')).toBe('No se permite el carácter «;»');
    expect(check(excludedCharacter(';'), 'a,b')).toBeUndefined();
  });

  it('at least one value', () => {
    expect(check(atLeastOne(), [])).toBe('Se requiere al menos un valor');
    expect(check(atLeastOne(), undefined)).toBe('Se requiere al menos un valor');
    expect(check(atLeastOne(), [''])).toBe('Se requiere al menos un valor');
    expect(check(atLeastOne(), ['firma'])).toBeUndefined();
  });

  it('invalid format', () => {
    expect(check(matchesFormat(/^\d{3}-\d{4}$/), '555-0100')).toBeUndefined();
    expect(check(matchesFormat(/^\d{3}-\d{4}$/), '5550100')).toBe('Formato inválido');
  });
});
