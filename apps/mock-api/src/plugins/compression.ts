import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers compressed as the client asks (brotli first, then gzip), with Vary: Accept-Encoding;
 * answers under @fastify/compress's threshold (1 KB) go as they are. Brotli's level 2: a search page
 * shrinks about as much as at the default level, for far less work per answer. The web app's files
 * are sent from the copies the build compressed (plugins/web-app.ts): an answer that already has a
 * Content-Encoding is left alone.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 2 } },
  });
});
