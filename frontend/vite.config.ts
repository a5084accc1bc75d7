import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { routeTreeConfig } from './route-tree.config.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The router plugin must come before the React plugin: it generates the route tree and
  // splits route components into lazy chunks.
  plugins: [tanstackRouter(routeTreeConfig), react(), tailwindcss()],
  // Zod without eval, to keep the Content-Security-Policy free of 'unsafe-eval' (see the module).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) }] },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
