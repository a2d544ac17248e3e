import type { Validator } from 'react-admin';
import { VALIDATION_MESSAGES as M } from '../../contract';

/**
 * The validation rules of SPEC §5 as react-admin validators, with the messages shared with the API
 * (contract VALIDATION_MESSAGES). As in react-admin, every rule but the "required" ones lets an empty
 * value through: combine with `requiredField()` when the field must be filled.
 */

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const textOf = (value: unknown) => (typeof value === 'number' ? String(value) : String(value ?? ''));

/** A rule that checks non-empty values only. */
const rule =
  (test: (text: string, value: unknown) => boolean, message: string): Validator =>
  (value: unknown) =>
    isEmpty(value) || test(textOf(value), value) ? undefined : message;

/**
 * A rule that refuses an empty value, flagged `isRequired` as react-admin's `required()` is: an
 * input validated by it marks its label as required (the asterisk), like the generated forms do.
 */
const refuseEmpty = (message: string): Validator =>
  Object.assign((value: unknown) => (isEmpty(value) ? message : undefined), { isRequired: true });

/** "Campo requerido". */
export const requiredField = (): Validator => refuseEmpty(M.required);

/** "Este campo es obligatorio". */
export const mandatoryField = (): Validator => refuseEmpty(M.mandatory);

// The same shape the API accepts (zod's e-mail check is stricter than HTML's).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const validEmail = (): Validator => rule((text) => EMAIL.test(text.trim()), M.email);

/** Digits only (identity numbers, phone numbers: leading zeros matter, no sign, no separators). */
export const numbersOnly = (): Validator => rule((text) => /^\d+$/.test(text), M.numbersOnly);

/** A whole number, optionally negative. */
export const integersOnly = (): Validator =>
  rule(
    (text, value) => (typeof value === 'number' ? Number.isInteger(value) : /^-?\d+$/.test(text)),
    M.integersOnly,
  );

/** No lowercase letter (digits and symbols are allowed). */
export const uppercaseOnly = (): Validator =>
  rule((text) => text === text.toLocaleUpperCase('es-CO'), M.uppercaseOnly);

export const maxLength = (max: number): Validator =>
  rule((text) => [...text].length <= max, M.maxLength(max));

export const minLength = (min: number): Validator =>
  rule((text) => [...text].length >= min, M.minLength(min));

export const exactLength = (length: number): Validator =>
  rule((text) => [...text].length === length, M.exactLength(length));

/** Refuses one character, e.g. `excludedCharacter('|')` for values exported to delimited files. */
export const excludedCharacter = (character: string): Validator =>
  rule((text) => !text.includes(character), M.excludedCharacter(character));

/** A list (checkboxes, multiple select) with at least one value. */
export const atLeastOne = (): Validator => (value: unknown) =>
  Array.isArray(value) && value.some((item) => !isEmpty(item)) ? undefined : M.atLeastOne;

/** "Formato inválido" unless the whole value matches `pattern`. */
export const matchesFormat = (pattern: RegExp): Validator =>
  rule((text) => pattern.test(text), M.invalidFormat);
