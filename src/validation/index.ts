export { DigitsInput, type DigitsInputProps, onlyDigits } from './DigitsInput';
export {
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
