import type { Validator } from 'react-admin';
import { VALIDATION_MESSAGES } from '../../../contract';
import { checkNit } from '../../../contract/nit';
import { maxLength, requiredField } from '../../validation';

/** NIT with its DIAN check digit (the same rule as the API, contract/nit.ts). */
export const validNit = (): Validator => (value: unknown) => {
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  const result = checkNit(String(value));
  return result.ok ? undefined : result.message;
};

export const nitValidators = (required: boolean) => (required ? [requiredField(), validNit()] : [validNit()]);

export const fiscalNameValidators = [requiredField(), maxLength(200)];

/** Six-digit Colombian postal code. */
export const validPostalCode = (): Validator => (value: unknown) =>
  value === undefined || value === null || value === '' || /^\d{6}$/.test(String(value))
    ? undefined
    : 'El código postal tiene 6 dígitos';

/** A phone number: digits, optional leading + and spaces (the API's rule). */
export const validPhone = (): Validator => (value: unknown) =>
  value === undefined || value === null || value === '' || /^\+?[0-9][0-9 ]{6,19}$/.test(String(value).trim())
    ? undefined
    : VALIDATION_MESSAGES.numbersOnly;
