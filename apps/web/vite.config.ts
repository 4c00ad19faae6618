import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { contractsRouteTable } from './build/contracts-route-table';

const apiTarget = process.env.CARPOOL_API_TARGET ?? 'http://localhost:3000';

export const viteConfig: UserConfig = {
  base: '/app/',
  plugins: [
    react(),
    contractsRouteTable(),
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
        // React and the router load on every page and change less often than the app: one cached chunk.
        // Everything else splits by what each route imports, so lazy pages keep their libraries.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
};

export default defineConfig(viteConfig);
