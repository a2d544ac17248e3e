import { APP_LOCALE } from './locale';

const usdFormat = new Intl.NumberFormat(APP_LOCALE, {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount in US dollars with 2 decimals, Colombian style: `US$ 1.234,50`. */
export function formatCurrency(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return Number.isFinite(value) ? usdFormat.format(value) : '';
}
