import type { ResolvedImage } from '../documents/images.js';
import { resolvePageSetup } from '../documents/page-setup.js';
import { DOCUMENT_FONT_FAMILIES, type DocumentCompiler } from '../documents/renderer.js';
import { escapeMarkup, typstString } from '../documents/typst-syntax.js';
import type { OtpChannel } from '../security/masking.js';
import { type AuditEntry, verifyAuditChain } from './audit-chain.js';
import { qrSvg } from './qr-typst.js';
import { bogotaTimestamp, utcTimestamp } from './time-format.js';
import { validationUrl } from './validation-code.js';

/** The evidence gathered for one signer, as the certificate of completion prints it. */
export type CertificateSigner = {
  name: string;
  email: string;
  identificationType: string;
  identificationNumber: string;
  otp?: { channel: OtpChannel; maskedDestination: string; verifiedAt: Date };
  /** Hex SHA-256 of the stored selfie, when the signer gave one. */
  selfieSha256?: string;
  ip?: string;
  userAgent?: string;
  consentVersion?: string;
  /** The full text of that version, as the signer read it. */
  consentText?: string;
  viewedAt?: Date;
  signedAt?: Date;
  rejectedAt?: Date;
  rejectionReason?: string;
};

/** A chained entry of the request's trail with the Spanish sentence it reads as (contract/requestEvents.ts). */
export type CertificateAuditEntry = AuditEntry & { sentence: string };

export type CompletionCertificateInput = {
  requestId: string;
  /** The request's title as the sender gave it (the group's name by default). */
  requestTitle?: string;
  documentName: string;
  /** Hex SHA-256 of the document as rendered and shown to the signers. */
  originalSha256: string;
  /** Hex SHA-256 of the document with every signature stamped, before these pages were added. */
  signedSha256: string;
  /** Whether stamping removed the rendered document's placeholder boxes (template documents). */
  clearedPlaceholders?: boolean;
  signers: readonly CertificateSigner[];
  auditTrail: readonly CertificateAuditEntry[];
  validationCode: string;
  publicUrl: string;
  issuedAt: Date;
};

/** Where the QR's SVG is mapped for the compiler (a virtual file, never on disk). */
const QR_PATH = '/codigo-validacion.svg';

const CHANNEL_NAMES: Record<OtpChannel, string> = {
  email: 'correo electrónico',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/** Markup for one value: escaped, and breakable after separators so long e-mails and agents wrap. */
function text(value: string): string {
  // After the separators that escapeMarkup left unbroken (in words too short for it to break).
  return `[${escapeMarkup(value).replace(/(\\[@./;_-])(?!\u200b)/g, '$1\u200b')}]`;
}

const mono = (value: string) => `text(font: "DejaVu Sans Mono", size: 7pt, ${typstString(value)})`;

const moment = (date: Date | undefined) =>
  date ? text(`${bogotaTimestamp(date)} · ${utcTimestamp(date)}`) : text('—');

function row(label: string, value: string): string {
  return `${text(label)}, ${value},`;
}

function signerTable(signer: CertificateSigner, index: number): string {
  const authentication = [
    signer.otp
      ? `código de un solo uso por ${CHANNEL_NAMES[signer.otp.channel]} a ${signer.otp.maskedDestination}, verificado el ${bogotaTimestamp(signer.otp.verifiedAt)}`
      : 'enlace personal enviado por correo electrónico',
  ];
  const status = signer.signedAt ? 'Firmó' : signer.rejectedAt ? 'Rechazó' : 'Pendiente';
  return [
    `#heading(level: 2, ${text(`Firmante ${index + 1}: ${signer.name}`)})`,
    '#table(columns: (12em, 1fr),',
    row('Estado', text(status)),
    row('Correo electrónico', text(signer.email)),
    row('Identificación', text(`${signer.identificationType} ${signer.identificationNumber}`)),
    row('Autenticación', text(authentication.join('; '))),
    row(
      'Foto de verificación',
      signer.selfieSha256 ? `[SHA-256: #${mono(signer.selfieSha256)}]` : text('no se tomó'),
    ),
    row('Dirección IP', text(signer.ip ?? '—')),
    row('Navegador', text(signer.userAgent ?? '—')),
    row('Consentimiento aceptado', consent(signer)),
    row('Abrió el documento', moment(signer.viewedAt)),
    row('Firmó', moment(signer.signedAt)),
    ...(signer.rejectedAt
      ? [
          row('Rechazó', moment(signer.rejectedAt)),
          row('Motivo del rechazo', text(signer.rejectionReason ?? '—')),
        ]
      : []),
    ')',
  ].join('\n');
}

/** The version accepted and, below it, its full text as the signer read it. */
function consent(signer: CertificateSigner): string {
  if (!signer.consentVersion) return text('—');
  const version = text(`Versión ${signer.consentVersion}`);
  if (!signer.consentText) return `[${version.slice(1, -1)} (texto no disponible)]`;
  return `[${version.slice(1, -1)}: #linebreak() «${text(signer.consentText).slice(1, -1)}»]`;
}

/**
 * The trail as Spanish sentences, one row per chained entry: its number, its time in Bogotá, what
 * happened (with the address it came from) and the start of its hash. The sentence is read from
 * the entry; the chain itself was verified above, over the entries as recorded.
 */
function auditTable(entries: readonly CertificateAuditEntry[]): string {
  const cells = entries.map((entry) => {
    const at = bogotaTimestamp(new Date(entry.at));
    const ip = typeof entry.data.ip === 'string' ? entry.data.ip : undefined;
    return [
      text(String(entry.sequence)),
      text(at),
      ip
        ? `[${text(entry.sentence).slice(1, -1)} #linebreak() #text(size: 6.5pt, fill: luma(80), ${text(`Dirección IP: ${ip}`)})]`
        : text(entry.sentence),
      mono(entry.hash.slice(0, 16)),
    ].join(', ');
  });
  return [
    '#table(columns: (2em, 7.5em, 1fr, auto), inset: 3pt,',
    'table.header([*N.º*], [*Fecha (COT)*], [*Evento*], [*Hash*]),',
    cells.map((cell) => `${cell},`).join('\n'),
    ')',
  ].join('\n');
}

/** Typst source of the certificate; every value goes through the converter's escaping. */
export function completionCertificateSource(input: CompletionCertificateInput): string {
  const chain = verifyAuditChain([...input.auditTrail]);
  if (!chain.valid)
    throw new Error(`el registro de auditoría de la solicitud no es íntegro: ${chain.reason}`);
  const url = validationUrl(input.publicUrl, input.validationCode);
  return [
    `#set document(title: ${typstString(`Certificado de finalización ${input.requestId}`)}, date: none)`,
    `#set page(paper: "us-letter", margin: (x: 18mm, top: 18mm, bottom: 20mm), footer: context [#set text(size: 7.5pt, fill: luma(80)); Certificado de finalización · solicitud ${escapeMarkup(input.requestId)} #h(1fr) Página #counter(page).display() de #counter(page).final().first()])`,
    '#counter(page).update(1)',
    `#set text(font: (${DOCUMENT_FONT_FAMILIES.map(typstString).join(', ')}), fallback: false, size: 8.5pt, lang: "es", region: "co", hyphenate: false)`,
    '#set table(stroke: 0.4pt + luma(150), inset: 4pt)',
    '#show heading.where(level: 1): set text(size: 16pt)',
    '#show heading.where(level: 2): set text(size: 11pt)',
    `#grid(columns: (1fr, auto), gutter: 12pt, [`,
    '= Certificado de finalización',
    `${escapeMarkup(`Documento: ${input.documentName}`)} \\`,
    `${escapeMarkup(`Solicitud: ${input.requestTitle ? `${input.requestTitle} · n.º ${input.requestId}` : input.requestId}`)} \\`,
    `${escapeMarkup(`Emitido: ${bogotaTimestamp(input.issuedAt)} · ${utcTimestamp(input.issuedAt)}`)} \\`,
    `*Código de validación:* #text(size: 11pt, weight: "bold", ${typstString(input.validationCode)}) \\`,
    `#text(size: 7.5pt, ${typstString(`Verifique este documento en ${url}`)})`,
    `], image(${typstString(QR_PATH)}, width: 92pt))`,
    '#table(columns: (18em, 1fr),',
    row('SHA-256 del documento original', mono(input.originalSha256)),
    row('SHA-256 del documento firmado', mono(input.signedSha256)),
    ')',
    text(
      `El documento firmado es el original con las firmas y los valores de los firmantes estampados${
        input.clearedPlaceholders
          ? '; las casillas grises y sus rótulos, que mostraban a los firmantes dónde firmar, se retiraron al estampar'
          : ''
      }; a él se añadieron estas páginas y el conjunto lleva el sello electrónico de la plataforma con estampa de tiempo (PAdES).`,
    ).slice(1, -1),
    ...input.signers.map(signerTable),
    '#heading(level: 2, [Registro de auditoría])',
    text(
      `${chain.count} entradas encadenadas por hash SHA-256, cada una descrita en una frase; la cadena fue verificada sobre las entradas registradas al emitir este certificado. Último hash: `,
    ).slice(1, -1),
    `#${mono(chain.lastHash)}`,
    auditTable(input.auditTrail),
    '',
  ].join('\n');
}

/** Renders the certificate with the documents' Typst engine and fonts; returns its PDF. */
export async function renderCompletionCertificate(
  renderer: DocumentCompiler,
  input: CompletionCertificateInput,
): Promise<Uint8Array> {
  const source = completionCertificateSource(input);
  const qr = {
    path: QR_PATH,
    bytes: Buffer.from(qrSvg(validationUrl(input.publicUrl, input.validationCode))),
    // The compiler reads the format from the file's extension; `format` describes template images only.
    format: 'png',
    widthPx: 0,
    heightPx: 0,
  } satisfies ResolvedImage;
  const rendered = await renderer.compilePrepared({
    source,
    images: [qr],
    setup: resolvePageSetup({ paper: 'letter' }),
    missingFields: [],
  });
  return rendered.pdf;
}
