import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * For the locale tests: the app's source under `folders` of src/ (tests and the locales themselves
 * left out), to see that a text is used.
 */
export function sourceOf(...folders: string[]): string {
  const src = path.resolve(import.meta.dirname, '..');
  const locales = path.join(src, 'locales');
  return folders
    .flatMap((folder) => readdirSync(path.join(src, folder), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .filter((entry) => !path.join(entry.parentPath, entry.name).startsWith(locales))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}
