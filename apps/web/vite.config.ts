import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const apiTarget = process.env.CARPOOL_API_TARGET ?? 'http://localhost:3000';

export const viteConfig: UserConfig = {
  base: '/app/',
  plugins: [react()],
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
        // Libraries change less often than the app: separate chunks stay cached between releases.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          if (id.includes('@mantine') || id.includes('@floating-ui')) return 'mantine';
          if (id.includes('@tabler')) return 'icons';
          // The map library stays in the lazy trip-map chunk, off the pages that show no map.
          if (/node_modules\/(leaflet|react-leaflet|@react-leaflet)\//.test(id)) return undefined;
          return 'vendor';
        },
      },
    },
  },
};

export default defineConfig(viteConfig);
