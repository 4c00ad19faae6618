import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const DEFAULT_AVATAR = path.resolve(import.meta.dirname, '../../assets/default-avatar.svg');
const BADGE_IMAGES = path.resolve(import.meta.dirname, '../../assets/badges');
const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Profile images at /image/profile/<file>; a user without a photo (or a lost file) gets the default avatar. */
export async function imagesPlugin(app: FastifyInstance) {
  const profileDir = path.join(app.env.dataDir, 'uploads', 'profile');
  app.get<{ Params: { file: string } }>('/image/profile/:file', async (request, reply) => {
    const name = path.basename(request.params.file);
    const candidate = path.join(profileDir, name);
    const file = name && (await isFile(candidate)) ? candidate : DEFAULT_AVATAR;
    reply.header('Cache-Control', 'public, max-age=3600');
    reply.type(TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
    return reply.send(createReadStream(file));
  });

  // Badge images (GET /api/users/:id/badges, image_path "badges/<file>") where the provider's web
  // client loads them: img/<image_path> under its /app/ base.
  app.get<{ Params: { file: string } }>('/app/img/badges/:file', async (request, reply) => {
    const name = path.basename(request.params.file);
    const file = path.join(BADGE_IMAGES, name);
    if (!name || !(await isFile(file))) return reply.callNotFound();
    reply.header('Cache-Control', 'public, max-age=86400');
    reply.type(TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
    return reply.send(createReadStream(file));
  });
}
