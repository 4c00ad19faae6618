import { readdirSync } from 'node:fs';
import path from 'node:path';

/** A 1×1 PNG and a tiny PDF: real bytes, so the server's type check (by signature) accepts them. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BYTES.toString('base64')}`;

export const file = (bytes: Buffer | string, name: string, type: string) => new File([bytes], name, { type });
export const pdf = (name = 'dni.pdf') => file(PDF_BYTES, name, 'application/pdf');
export const png = (name = 'carnet.png') => file(PNG_BYTES, name, 'image/png');

type FormValue = string | number | boolean | File | (string | File)[];

/**
 * A real multipart/form-data body for app.inject, built by undici's FormData and encoded by
 * Response (which picks the boundary): lists go out as `name[]`, the PHP convention.
 */
export async function multipart(fields: Record<string, FormValue | undefined>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => form.append(`${key}[]`, item));
    else form.append(key, value instanceof File ? value : String(value));
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** Files under the app's uploads folder (`docs`, `profile`, `tmp`). */
export function filesIn(dataDir: string, folder: 'docs' | 'profile' | 'tmp'): string[] {
  try {
    return readdirSync(path.join(dataDir, 'uploads', folder));
  } catch {
    return [];
  }
}
