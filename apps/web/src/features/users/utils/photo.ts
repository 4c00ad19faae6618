import { UPLOADS } from '@carpool/contracts';

/** Longest side of the uploaded profile photo: phones take far larger pictures than an avatar needs. */
export const PHOTO_MAX_SIDE = 800;

export class PhotoError extends Error {
  constructor(readonly reason: 'type' | 'size') {
    super(`Unusable photo (${reason})`);
  }
}

const readAsDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(blob);
  });

/** Draws the image at most PHOTO_MAX_SIDE wide or high; null where the browser cannot (or need not). */
async function downscale(file: File): Promise<string | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= UPLOADS.maxFileBytes) {
      bitmap.close();
      return null;
    }
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.85);
  } catch {
    return null;
  }
}

/**
 * A chosen photo → the base64 data URL PUT /api/users/photo takes. Only the image types of the
 * contract; large pictures are scaled down, and what stays above the size limit is refused.
 */
export async function photoDataUrl(file: File): Promise<string> {
  const types: readonly string[] = UPLOADS.imageTypes;
  if (!types.includes(file.type)) throw new PhotoError('type');
  const scaled = await downscale(file);
  if (scaled) return scaled;
  if (file.size > UPLOADS.maxFileBytes) throw new PhotoError('size');
  return readAsDataUrl(file);
}
