import { BANNER_IMAGE_MAX_BYTES } from '../../../contract/endpoints/banner';
import type { AppMessageKey } from '../../i18n/en';
import type { BannerImageValue } from './bannersData';

export const BANNER_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

/** Why a picked file cannot be a banner image, or null when it can (PNG/JPEG, at most 1 MB). */
export function bannerImageProblem(file: Pick<File, 'type' | 'size'>): AppMessageKey | null {
  if (!(BANNER_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'app.platform.banners.image_type';
  if (file.size > BANNER_IMAGE_MAX_BYTES) return 'app.platform.banners.image_too_large';
  return null;
}

/** Reads a picked file as the form's image value: base64 for the API, a data URL for the preview. */
export function readBannerImage(file: File): Promise<BannerImageValue> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('No se pudo leer la imagen'));
    reader.onload = () => {
      const preview = String(reader.result ?? '');
      resolve({ filename: file.name, content_base64: preview.replace(/^data:[^,]*;base64,/, ''), preview });
    };
    reader.readAsDataURL(file);
  });
}
