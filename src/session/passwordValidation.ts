import { maxLength, minLength, regex, required, type Validator } from 'react-admin';

/**
 * The contract's `newPassword` rule (8 to 128 characters, at least one letter and one digit) as
 * react-admin validators, so the form says what the server would.
 */
export const newPasswordValidators: Validator[] = [
  required(),
  minLength(8),
  maxLength(128),
  regex(/[A-Za-zÁÉÍÓÚÑáéíóúñ]/, 'app.session.password.letter'),
  regex(/\d/, 'app.session.password.digit'),
];

/** The confirmation must repeat the field `source` of the same form. */
export const matchesField =
  (source: string): Validator =>
  (value: unknown, values: Record<string, unknown>) =>
    value === values[source] ? undefined : 'app.session.password.mismatch';

export const confirmPasswordValidators = (source: string): Validator[] => [required(), matchesField(source)];
