import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config.ts';
export default mergeConfig(base, defineConfig({ build: { minify: 'esbuild', outDir: '/tmp/fl-esb', emptyOutDir: true } }));
