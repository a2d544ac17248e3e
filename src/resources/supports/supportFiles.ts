import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MAX_ATTACHMENTS } from '../../../contract/endpoints/support';

export type PickedAttachment = { filename: string; content_base64: string; size: number };

export const SUPPORT_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'];
export { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MAX_ATTACHMENTS };

/** A picked file as the API takes it (base64, no data: prefix). */
export function readAttachment(file: File): Promise<PickedAttachment> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const text = String(reader.result ?? '');
      resolve({ filename: file.name, content_base64: text.slice(text.indexOf(',') + 1), size: file.size });
    };
    reader.onerror = () => reject(reader.error ?? new Error('No se pudo leer el archivo'));
    reader.readAsDataURL(file);
  });
}

/** The catalogue key of why a file cannot go, or null (the server checks the bytes again). */
export function attachmentProblem(file: File, count: number): `resources.${string}` | null {
  if (count >= SUPPORT_MAX_ATTACHMENTS) return 'resources.supports.too_many_files';
  if (file.size > SUPPORT_ATTACHMENT_MAX_BYTES) return 'resources.supports.file_too_large';
  if (!SUPPORT_FILE_TYPES.includes(file.type)) return 'resources.supports.file_type';
  return null;
}
