import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { contractsRouteTable } from './build/contracts-route-table';
import { firstLoadPreload, vendorChunk } from './build/first-load';
import { controlsPage } from './build/controls-page';
import { mantineStylesCheck } from './build/mantine-styles';

const apiTarget = process.env.CARPOOL_API_TARGET ?? 'http://localhost:3000';

export const viteConfig: UserConfig = {
  base: '/app/',
  plugins: [
    react(),
    contractsRouteTable(),
    // The trips pages' chunks preloaded with the entry on their first load.
    firstLoadPreload('/app/'),
    // Mantine's stylesheets per component (src/mantine.css): every page's components styled.
    mantineStylesCheck(fileURLToPath(new URL('.', import.meta.url))),
    // The mock API's control page (/__mock/, issue 43): controls.html built after the app, on its own.
    controlsPage(fileURLToPath(new URL('.', import.meta.url))),
    // Brotli and gzip copies of every text asset, made once here and served by the mock API
    // (@fastify/static preCompressed). runtime-config.js is replaced at deploy time: never a stale copy.
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), 'brotliCompress'],
      exclude: [/runtime-config\.js$/],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/image': apiTarget,
      '/transbank': apiTarget,
      // Badge images (GET /api/users/:id/badges image_path), served by the API where the provider's client loads them.
      '/app/img': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // React and the router in one cached chunk; the rest splits by route.
        manualChunks: vendorChunk,
      },
    },
  },
};

/**
 * The installable app (spec document 1 §1): the web app manifest and the service worker
 * (src/sw/sw.ts: pushes, notification clicks, offline shell). Not part of viteConfig, so
 * the unit tests (vitest.config.ts) run without it. Nothing is precached: the worker keeps what the
 * browser already fetched (hashed assets; the last index.html, network first) and never touches /api.
 */
export const pwaPlugin = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    // The app registers the worker itself (lib/service-worker.ts) after the first screen.
    manifestFilename: 'manifest.webmanifest',
    injectManifest: { injectionPoint: undefined, minify: true, sourcemap: true },
    includeAssets: [],
    manifest: {
      id: '/app/',
      name: 'Carpool',
      short_name: 'Carpool',
      description: 'Viajá compartiendo auto: buscá y publicá viajes en Argentina.',
      lang: 'es-AR',
      dir: 'ltr',
      start_url: '/app/trips',
      scope: '/app/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#2f9e44',
      background_color: '#ffffff',
      categories: ['travel', 'navigation'],
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });

export default defineConfig({ ...viteConfig, plugins: [...(viteConfig.plugins ?? []), pwaPlugin()] });
