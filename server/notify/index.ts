/**
 * Messages to signers' phones: one-time codes by SMS (Twilio) and WhatsApp (Business Cloud API).
 * No Fastify here; the signing endpoints call the senders.
 */
import { type Config, ConfigError } from '../config.js';
import type { MessageSender } from './provider.js';
import { twilioSmsSender } from './twilio-sms.js';
import { whatsAppSender } from './whatsapp-cloud.js';

export { INVALID_PHONE, toE164 } from './phone.js';
export {
  type MessageReceipt,
  type MessageSender,
  otpMessageBody,
  ProviderProblem,
  type TextMessage,
} from './provider.js';
export { type TwilioConfig, twilioSmsSender } from './twilio-sms.js';
export { type WhatsAppConfig, whatsAppSender } from './whatsapp-cloud.js';

export type MessageSenders = { sms?: MessageSender; whatsapp?: MessageSender };

/** The senders the configuration enables; a channel half configured stops the start. */
export function messageSendersFrom(config: Config): MessageSenders {
  const senders: MessageSenders = {};
  const sms = [config.SMS_TWILIO_ACCOUNT_SID, config.SMS_TWILIO_AUTH_TOKEN];
  if (sms.some(Boolean)) {
    if (!sms.every(Boolean) || !(config.SMS_FROM || config.SMS_TWILIO_MESSAGING_SERVICE_SID)) {
      throw new ConfigError(
        'Configuración inválida — SMS requiere SMS_TWILIO_ACCOUNT_SID, SMS_TWILIO_AUTH_TOKEN y SMS_FROM o SMS_TWILIO_MESSAGING_SERVICE_SID',
      );
    }
    senders.sms = twilioSmsSender({
      accountSid: config.SMS_TWILIO_ACCOUNT_SID!,
      authToken: config.SMS_TWILIO_AUTH_TOKEN!,
      apiKeySid: config.SMS_TWILIO_API_KEY_SID,
      from: config.SMS_FROM,
      messagingServiceSid: config.SMS_TWILIO_MESSAGING_SERVICE_SID,
      baseUrl: config.SMS_API_URL,
      defaultCountryCode: config.SMS_DEFAULT_COUNTRY_CODE,
    });
  }
  const whatsapp = [
    config.WHATSAPP_ACCESS_TOKEN,
    config.WHATSAPP_PHONE_NUMBER_ID,
    config.WHATSAPP_TEMPLATE_NAME,
  ];
  if (whatsapp.some(Boolean)) {
    if (!whatsapp.every(Boolean)) {
      throw new ConfigError(
        'Configuración inválida — WhatsApp requiere WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID y WHATSAPP_TEMPLATE_NAME',
      );
    }
    senders.whatsapp = whatsAppSender({
      accessToken: config.WHATSAPP_ACCESS_TOKEN!,
      phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID!,
      templateName: config.WHATSAPP_TEMPLATE_NAME!,
      templateLanguage: config.WHATSAPP_TEMPLATE_LANGUAGE,
      copyCodeButton: config.WHATSAPP_TEMPLATE_COPY_BUTTON,
      apiVersion: config.WHATSAPP_API_VERSION,
      baseUrl: config.WHATSAPP_API_URL,
      defaultCountryCode: config.SMS_DEFAULT_COUNTRY_CODE,
    });
  }
  return senders;
}
