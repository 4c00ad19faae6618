import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { initials } from './names';

const COLOURS = [
  '#1e88e5', '#43a047', '#e53935', '#8e24aa', '#fb8c00', '#00897b',
  '#3949ab', '#6d4c41', '#d81b60', '#546e7a', '#7cb342', '#5e35b1',
] as const;

/** File name of a seeded user's avatar, under `${uploadsDir}/profile/`. */
export function avatarFileName(userId: number): string {
  return `seed-avatar-${userId}.svg`;
}

function colourFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

/** A 128×128 avatar: the user's initials on a coloured circle. */
export function avatarSvg(name: string): string {
  const text = initials(name).replace(/[<>&"']/g, '');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">',
    `<circle cx="64" cy="64" r="64" fill="${colourFor(name)}"/>`,
    '<text x="64" y="64" dy=".35em" text-anchor="middle" fill="#ffffff"',
    ` font-family="Helvetica, Arial, sans-serif" font-size="52" font-weight="600">${text}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

export async function writeAvatars(uploadsDir: string, users: readonly { id: number; name: string }[]): Promise<number> {
  const dir = path.join(uploadsDir, 'profile');
  await mkdir(dir, { recursive: true });
  const size = 16;
  for (let i = 0; i < users.length; i += size) {
    await Promise.all(
      users.slice(i, i + size).map((u) => writeFile(path.join(dir, avatarFileName(u.id)), avatarSvg(u.name), 'utf8')),
    );
  }
  return users.length;
}
