import {
  AUTHENTICATION_FEATURE,
  AUTHENTICATION_LABELS,
  type SignerAuthentication,
} from '../../../contract/endpoints/documentGroups.js';

export const SIGNER_AUTHENTICATION_MESSAGES = {
  disabled: (label: string) => `La empresa no tiene habilitado «${label}»`,
  phoneRequired: 'Indique el celular del firmante para enviarle el código por SMS o WhatsApp',
} as const;

/** Methods that send the code to the signer's phone. */
export const PHONE_AUTHENTICATIONS: ReadonlySet<SignerAuthentication> = new Set(['sms_otp', 'whatsapp_otp']);

type SignerChecks = { authentication: readonly SignerAuthentication[]; phone?: string | null };

/**
 * The identity checks asked of each signer, against the company's features (a check needs its
 * feature, e.g. `otp_sms`) and the signer's contact (codes by SMS or WhatsApp need a phone).
 * Errors keyed `<prefix><index>.authentication` / `.phone`, as the forms show them.
 */
export function signerAuthenticationProblems(
  enabledFeatures: readonly string[],
  signers: readonly SignerChecks[],
  prefix = 'signers.',
): Record<string, string> {
  const enabled = new Set(enabledFeatures);
  const errors: Record<string, string> = {};
  signers.forEach((signer, index) => {
    const disabled = signer.authentication.find((method) => !enabled.has(AUTHENTICATION_FEATURE[method]));
    if (disabled)
      errors[`${prefix}${index}.authentication`] = SIGNER_AUTHENTICATION_MESSAGES.disabled(
        AUTHENTICATION_LABELS[disabled],
      );
    if (!signer.phone?.trim() && signer.authentication.some((method) => PHONE_AUTHENTICATIONS.has(method)))
      errors[`${prefix}${index}.phone`] = SIGNER_AUTHENTICATION_MESSAGES.phoneRequired;
  });
  return errors;
}
