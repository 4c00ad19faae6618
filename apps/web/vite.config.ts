import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { contractsRouteTable } from './build/contracts-route-table';
import { firstLoadPreload, vendorChunk } from './build/first-load';
import { preactInProduction } from './build/preact-in-production';

const apiTarget = process.env.CARPOOL_API_TARGET ?? 'http://localhost:3000';

export const viteConfig: UserConfig = {
  base: '/app/',
  plugins: [
    react(),
    contractsRouteTable(),
    // First load (issue 16): Preact in the production build; the trips pages' chunks preloaded with the entry.
    preactInProduction(),
    firstLoadPreload('/app/'),
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
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // React (or Preact) and the router in one cached chunk; the rest splits by route.
        manualChunks: vendorChunk,
      },
    },
  },
};

export default defineConfig(viteConfig);
