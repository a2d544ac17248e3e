/**
 * Destinations as the evidence and the signer's page show them: enough to recognise one's own
 * address or phone, not enough to learn someone else's.
 */

const MASK = '•';

function maskRun(text: string, keepStart: number): string {
  const kept = text.slice(0, keepStart);
  return kept + MASK.repeat(Math.max(3, text.length - kept.length));
}

/** `juan.perez@gmail.com` → `ju••••••••@g••••.com`. */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return maskRun(trimmed, 1);
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1);
  const maskedLocal = maskRun(local, local.length > 4 ? 2 : 1);
  const dot = domain.indexOf('.');
  if (dot <= 0) return `${maskedLocal}@${maskRun(domain, 1)}`;
  return `${maskedLocal}@${maskRun(domain.slice(0, dot), 1)}${domain.slice(dot)}`;
}

/**
 * `+57 300 123 4567` → `+57••••••4567`: an international number keeps its first two digits
 * (Colombia's code is two digits), every number keeps its last four.
 */
export function maskPhone(phone: string): string {
  const international = phone.trim().startsWith('+');
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 4) return MASK.repeat(Math.max(3, digits.length));
  const prefix = international && digits.length > 8 ? `+${digits.slice(0, 2)}` : international ? '+' : '';
  const hiddenFrom = international && digits.length > 8 ? 2 : 0;
  return prefix + MASK.repeat(digits.length - 4 - hiddenFrom) + digits.slice(-4);
}

export type OtpChannel = 'email' | 'sms' | 'whatsapp';

export function maskDestination(channel: OtpChannel, destination: string): string {
  return channel === 'email' ? maskEmail(destination) : maskPhone(destination);
}
