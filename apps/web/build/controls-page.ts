import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/**
 * The mock API's control page (controls.html, src/controls; served at /__mock/ by
 * apps/mock-api/src/controls/page.ts), built after the app into the same folder by a build of its
 * own: a second entry in the app's build would share chunks with it and change the app's first load.
 */
export function controlsPage(root: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'carpool-controls-page',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // The service worker's own build (vite-plugin-pwa) runs this hook too: only the app's build builds the page.
      if (config.build.lib || config.build.ssr) return;
      if (process.env.CARPOOL_CONTROLS_BUILD === '1') return;
      process.env.CARPOOL_CONTROLS_BUILD = '1';
      try {
        await build({
          configFile: false,
          root,
          base: config.base,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: { '@': path.join(root, 'src') } },
          build: {
            outDir: config.build.outDir,
            emptyOutDir: false,
            sourcemap: false,
            rollupOptions: { input: { controls: path.join(root, 'controls.html') } },
          },
        });
      } finally {
        delete process.env.CARPOOL_CONTROLS_BUILD;
      }
    },
  };
}
