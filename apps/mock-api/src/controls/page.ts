import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MOCK_CONTROLS_COOKIE } from './access';

/**
 * The control page at /__mock/: the web build's second entry (apps/web/controls.html, React +
 * Mantine, its code in apps/web/src/controls/). It sits behind the controls' access rule; with a
 * token, `/__mock/?token=…` keeps it in a cookie for /__mock only (HttpOnly, SameSite=Strict) and
 * drops it from the address.
 */
export async function controlPage(app: FastifyInstance) {
  const file = path.join(app.env.webDist, 'controls.html');
  app.get('/__mock/', async (request, reply) => page(request.query as Record<string, unknown>, reply));

  async function page(query: Record<string, unknown>, reply: FastifyReply) {
    if (typeof query.token === 'string') {
      const secure = app.env.publicUrl.startsWith('https:') ? '; Secure' : '';
      reply.header('Set-Cookie', `${MOCK_CONTROLS_COOKIE}=${encodeURIComponent(query.token)}; Path=/__mock; HttpOnly; SameSite=Strict${secure}`);
      return reply.redirect('/__mock/');
    }
    if (!existsSync(file)) {
      return reply.status(503).type('text/plain; charset=utf-8').send('La página de controles no está compilada: ejecutá `npm run build`.');
    }
    return reply.type('text/html; charset=utf-8').send(await readFile(file, 'utf8'));
  }
}
