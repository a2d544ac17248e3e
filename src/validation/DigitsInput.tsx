import { TextInput, type TextInputProps } from 'react-admin';

export type DigitsInputProps = Omit<TextInputProps, 'parse' | 'format' | 'type'> & {
  /** Store a number instead of the digits as text (an empty field stores `null`). */
  valueAs?: 'text' | 'number';
};

/** Keeps only the digits of what was typed or pasted (SPEC §5: number inputs accept only digits). */
export const onlyDigits = (raw: string): string => raw.replace(/\D+/g, '');

/**
 * A number input that accepts digits only: any other character typed or pasted is dropped as it
 * arrives. Identity and phone numbers stay text by default, so leading zeros survive.
 */
export function DigitsInput({ valueAs = 'text', slotProps, ...props }: DigitsInputProps) {
  return (
    <TextInput
      {...props}
      parse={(raw: string) => {
        const digits = onlyDigits(raw ?? '');
        if (valueAs === 'text') return digits;
        return digits === '' ? null : Number(digits);
      }}
      format={(value: unknown) => (value === null || value === undefined ? '' : String(value))}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', ...slotProps?.htmlInput },
      }}
    />
  );
}
