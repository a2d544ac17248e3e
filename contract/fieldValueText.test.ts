import { describe, expect, it } from 'vitest';
import { dateValueText, fieldValueText, numberValueText } from './fieldValueText.js';

describe('merge values as a document prints them', () => {
  it('writes dates out in Spanish, or as 01/12/2026 when the field asks for it', () => {
    expect(fieldValueText({ type: 'date' }, '2026-12-01')).toBe('1 de diciembre de 2026');
    expect(fieldValueText({ type: 'date', date_format: 'long' }, '2027-01-31')).toBe('31 de enero de 2027');
    expect(fieldValueText({ type: 'date', date_format: 'numeric' }, '2026-12-01')).toBe('01/12/2026');
    // No time zone can move the day: it is a calendar date, not an instant.
    expect(dateValueText('2026-01-01')).toBe('1 de enero de 2026');
  });

  it('groups thousands with a point and keeps the typed decimals after a comma', () => {
    expect(fieldValueText({ type: 'number' }, '12000000')).toBe('12.000.000');
    expect(numberValueText('1234')).toBe('1.234');
    expect(numberValueText('999')).toBe('999');
    expect(numberValueText('1234567,5')).toBe('1.234.567,5');
    expect(numberValueText('1234.50')).toBe('1.234,50');
    expect(numberValueText('-2500000')).toBe('-2.500.000');
    expect(numberValueText('0007')).toBe('7');
    expect(numberValueText('-0')).toBe('0');
    // Beyond what a double holds exactly: digits are grouped, never rounded.
    expect(numberValueText('123456789012345678901')).toBe('123.456.789.012.345.678.901');
  });

  it('leaves other types and values it cannot read as they were given', () => {
    expect(fieldValueText({ type: 'text' }, '2026-12-01')).toBe('2026-12-01');
    expect(fieldValueText({ type: 'identification' }, 'CC 1020304050')).toBe('CC 1020304050');
    expect(fieldValueText({ type: 'phone' }, '+57 300 123 4567')).toBe('+57 300 123 4567');
    expect(fieldValueText({ type: 'date' }, '2026-02-30')).toBe('2026-02-30');
    expect(fieldValueText({ type: 'date' }, '01/12/2026')).toBe('01/12/2026');
    expect(fieldValueText({ type: 'number' }, '1e6')).toBe('1e6');
  });
});
