import { z } from 'zod';

/**
 * Per-company switches that other screens obey, declared once. `default` applies to a company
 * with no row of its own in company_features (branches first inherit their parent's row).
 * `managedBy: 'platform'` marks what the platform sells or pays for (SMS, WhatsApp, bulk, API):
 * only the administrator may change it; the company changes the rest itself.
 */
export type FeatureDefinition = {
  key: string;
  label: string;
  description: string;
  default: boolean;
  managedBy: 'platform' | 'company';
};

export const FEATURES = [
  {
    key: 'otp_email',
    label: 'Código OTP por correo',
    description: 'Los firmantes confirman su identidad con un código enviado a su correo.',
    default: true,
    managedBy: 'company',
  },
  {
    key: 'otp_sms',
    label: 'Código OTP por SMS',
    description: 'Los firmantes pueden recibir el código de verificación por mensaje de texto.',
    default: false,
    managedBy: 'platform',
  },
  {
    key: 'otp_whatsapp',
    label: 'Código OTP por WhatsApp',
    description: 'Los firmantes pueden recibir el código de verificación por WhatsApp.',
    default: false,
    managedBy: 'platform',
  },
  {
    key: 'selfie',
    label: 'Fotografía del firmante',
    description: 'Se pide al firmante una fotografía de su rostro como evidencia al firmar.',
    default: false,
    managedBy: 'company',
  },
  {
    key: 'signing_order',
    label: 'Orden de firma',
    description: 'Los firmantes firman uno tras otro, en el orden definido en la solicitud.',
    default: true,
    managedBy: 'company',
  },
  {
    key: 'reminders',
    label: 'Recordatorios automáticos',
    description: 'Se recuerda por correo a los firmantes que aún no han firmado.',
    default: true,
    managedBy: 'company',
  },
  {
    key: 'support_form',
    label: 'Formulario de soporte',
    description: '«Solicitar soporte» abre un formulario en lugar de la página de soportes.',
    default: false,
    managedBy: 'company',
  },
  {
    key: 'bulk_requests',
    label: 'Solicitudes masivas',
    description: 'Permite generar solicitudes de firma masivas desde una plantilla y un archivo.',
    default: false,
    managedBy: 'platform',
  },
  {
    key: 'pdf_to_sign',
    label: 'Enviar PDF para firmar',
    description: 'Permite enviar un PDF propio para que lo firmen.',
    default: true,
    managedBy: 'company',
  },
  {
    key: 'bulk_pdf',
    label: 'PDF masivo para firmar',
    description: 'Permite enviar varios PDF para firmar en una sola operación.',
    default: false,
    managedBy: 'platform',
  },
  {
    key: 'api_access',
    label: 'Acceso por API',
    description: 'La empresa puede usar la API con su clave de API.',
    default: false,
    managedBy: 'platform',
  },
] as const satisfies readonly FeatureDefinition[];

export type FeatureKey = (typeof FEATURES)[number]['key'];
export const FEATURE_KEYS = FEATURES.map((feature) => feature.key) as [FeatureKey, ...FeatureKey[]];
export const featureKey = z.enum(FEATURE_KEYS);
export const featureByKey = (key: FeatureKey): FeatureDefinition =>
  FEATURES.find((feature) => feature.key === key)!;

/** The values a company e-mail may insert, as `{{name}}`. */
export const EMAIL_PLACEHOLDERS = {
  signer_name: 'Nombre del firmante',
  document_name: 'Nombre del documento',
  link: 'Enlace para firmar o ver el documento',
  company_name: 'Nombre de la empresa',
  sender_name: 'Quién envía la solicitud',
  expires_at: 'Fecha límite para firmar',
  code: 'Código de verificación',
  rejection_reason: 'Motivo del rechazo',
} as const;
export type EmailPlaceholder = keyof typeof EMAIL_PLACEHOLDERS;

export type EmailTemplateDefinition = {
  key: string;
  label: string;
  placeholders: readonly EmailPlaceholder[];
  subject: string;
  bodyHtml: string;
};

/** The e-mails a company may reword; `subject` and `bodyHtml` are the platform's wording. */
export const EMAIL_TEMPLATES = [
  {
    key: 'signature_request',
    label: 'Solicitud de firma',
    placeholders: ['signer_name', 'document_name', 'link', 'company_name', 'sender_name', 'expires_at'],
    subject: '{{company_name}} le solicita firmar «{{document_name}}»',
    bodyHtml:
      '<p>Hola {{signer_name}}:</p><p>{{sender_name}}, de {{company_name}}, le envió el documento «{{document_name}}» para su firma. Puede firmarlo hasta el {{expires_at}}.</p><p><a href="{{link}}">Revisar y firmar</a></p>',
  },
  {
    key: 'signature_reminder',
    label: 'Recordatorio de firma',
    placeholders: ['signer_name', 'document_name', 'link', 'company_name', 'expires_at'],
    subject: 'Recordatorio: «{{document_name}}» espera su firma',
    bodyHtml:
      '<p>Hola {{signer_name}}:</p><p>El documento «{{document_name}}» de {{company_name}} aún espera su firma. Puede firmarlo hasta el {{expires_at}}.</p><p><a href="{{link}}">Revisar y firmar</a></p>',
  },
  {
    key: 'signature_completed',
    label: 'Documento firmado',
    placeholders: ['signer_name', 'document_name', 'link', 'company_name'],
    subject: '«{{document_name}}» fue firmado por todos',
    bodyHtml:
      '<p>Hola {{signer_name}}:</p><p>Todos los firmantes firmaron «{{document_name}}» de {{company_name}}.</p><p><a href="{{link}}">Descargar el documento firmado</a></p>',
  },
  {
    key: 'signature_rejected',
    label: 'Firma rechazada',
    placeholders: ['signer_name', 'document_name', 'link', 'company_name', 'rejection_reason'],
    subject: '«{{document_name}}» fue rechazado',
    bodyHtml:
      '<p>{{signer_name}} rechazó firmar «{{document_name}}» de {{company_name}}.</p><p>Motivo: {{rejection_reason}}</p><p><a href="{{link}}">Ver el detalle</a></p>',
  },
  {
    key: 'otp_code',
    label: 'Código de verificación',
    placeholders: ['signer_name', 'document_name', 'code', 'company_name'],
    subject: 'Su código de verificación: {{code}}',
    bodyHtml:
      '<p>Hola {{signer_name}}:</p><p>Su código para firmar «{{document_name}}» de {{company_name}} es <strong>{{code}}</strong>. No lo comparta con nadie.</p>',
  },
] as const satisfies readonly EmailTemplateDefinition[];

export type EmailTemplateKey = (typeof EMAIL_TEMPLATES)[number]['key'];
export const EMAIL_TEMPLATE_KEYS = EMAIL_TEMPLATES.map((template) => template.key) as [
  EmailTemplateKey,
  ...EmailTemplateKey[],
];
export const emailTemplateKey = z.enum(EMAIL_TEMPLATE_KEYS);
export const emailTemplateByKey = (key: EmailTemplateKey): EmailTemplateDefinition =>
  EMAIL_TEMPLATES.find((template) => template.key === key)!;
