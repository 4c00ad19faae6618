import { runtimeConfig } from '@/lib/runtime-config';

/**
 * A badge's image_path is a file of the provider's web client's img/ folder, served under /app/ by
 * the API's host (ours too), or an absolute URL. Null without an image.
 */
export function badgeImageUrl(imagePath: string | null): string | null {
  if (!imagePath) return null;
  if (/^https?:\/\//i.test(imagePath)) return imagePath;
  return `${runtimeConfig.apiUrl}/app/img/${imagePath.replace(/^\/+/, '')}`;
}
