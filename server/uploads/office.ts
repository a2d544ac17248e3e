import { HttpProblem } from '../errors.js';
import { OFFICE_ZIP_LIMITS, type ZipLimits } from './limits.js';
import { FILE_MESSAGES } from './messages.js';
import { openSafeZip, type SafeZip } from './zip.js';

const refuse = (message: string) => new HttpProblem(422, message);

const CONTENT_TYPES = '[Content_Types].xml';
/** VBA projects, ActiveX controls and Excel 4 macro sheets, by part name. */
const MACRO_PART = /(^|\/)(vbaProject\.bin|vbaData\.xml)$|(^|\/)(activeX|macrosheets)\//i;
/** The same, by declared content type (docm, dotm, xlsm, xltm, xlsb, ActiveX, macro sheets). */
const MACRO_CONTENT_TYPE = /macroEnabled|vbaProject|vbaData|activeX|macrosheet|sheet\.binary/i;
const SAFE_HYPERLINK = /^(https?:|mailto:)/i;
const LOCAL_TARGET = /^(file:|\\\\|\/\/|[a-z]:[\\/])/i;

function decodeXmlAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&amp;/g, '&');
}

/** The attributes of every `<tag …>` element in some XML (prefix ignored), decoded. */
export function xmlElements(xml: string, tag: string): Record<string, string>[] {
  const elements: Record<string, string>[] = [];
  for (const match of xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${tag}(?=[\\s/>])([^>]*)>`, 'g'))) {
    const attributes: Record<string, string> = {};
    for (const [, name, double, single] of (match[1] ?? '').matchAll(
      /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g,
    )) {
      attributes[name!.replace(/^[\w.-]+:/, '')] = decodeXmlAttribute(double ?? single ?? '');
    }
    elements.push(attributes);
  }
  return elements;
}

export type Relationship = { id: string; type: string; target: string; external: boolean };

export async function readRelationships(zip: SafeZip, relsName: string): Promise<Relationship[]> {
  if (!zip.names.has(relsName)) return [];
  return xmlElements(await zip.readText(relsName), 'Relationship').map((attributes) => ({
    id: attributes.Id ?? '',
    type: attributes.Type ?? '',
    target: attributes.Target ?? '',
    external: (attributes.TargetMode ?? '').toLowerCase() === 'external',
  }));
}

/**
 * Links leaving the document: only web and e-mail hyperlinks may. A remote template, a linked
 * file on disk or on the network, an OLE link or an external frame is refused.
 */
async function checkExternalRelationships(zip: SafeZip): Promise<void> {
  for (const relsName of [...zip.names].filter((name) => name.endsWith('.rels'))) {
    for (const relationship of await readRelationships(zip, relsName)) {
      if (!relationship.external) continue;
      const { type, target } = relationship;
      if (type.endsWith('/attachedTemplate')) throw refuse(FILE_MESSAGES.officeRemoteTemplate);
      if (LOCAL_TARGET.test(target.trim())) throw refuse(FILE_MESSAGES.officeLocalLink);
      if (!type.endsWith('/hyperlink') || !SAFE_HYPERLINK.test(target.trim())) {
        throw refuse(FILE_MESSAGES.officeExternalLink);
      }
    }
  }
}

async function checkNoMacros(zip: SafeZip, kindLabel: string): Promise<void> {
  if ([...zip.names].some((name) => MACRO_PART.test(name)))
    throw refuse(FILE_MESSAGES.officeMacros(kindLabel));
  if (MACRO_CONTENT_TYPE.test(await zip.readText(CONTENT_TYPES)))
    throw refuse(FILE_MESSAGES.officeMacros(kindLabel));
}

/** Opens an Office file under the ZIP limits and refuses macros and unsafe external links. */
export async function openOfficeFile(
  bytes: Uint8Array,
  options: { mainPart: string; kindLabel: string; limits?: ZipLimits },
): Promise<SafeZip> {
  const zip = await openSafeZip(bytes, options.limits ?? OFFICE_ZIP_LIMITS);
  try {
    if (!zip.names.has(CONTENT_TYPES) || !zip.names.has(options.mainPart)) {
      throw refuse(FILE_MESSAGES.officeMissingPart(options.kindLabel));
    }
    await checkNoMacros(zip, options.kindLabel);
    await checkExternalRelationships(zip);
    return zip;
  } catch (error) {
    zip.close();
    throw error;
  }
}

/**
 * Checks an uploaded DOCX: a sound container within limits, no macros (docm, dotm, VBA, ActiveX),
 * no remote template and no link to local or network files. Returns the document repacked from
 * the checked parts only, ready for conversion.
 */
export async function inspectDocx(bytes: Uint8Array, limits?: ZipLimits): Promise<Buffer> {
  const zip = await openOfficeFile(bytes, { mainPart: 'word/document.xml', kindLabel: 'Word', limits });
  try {
    return await zip.repack();
  } finally {
    zip.close();
  }
}
