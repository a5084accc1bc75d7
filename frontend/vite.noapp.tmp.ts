import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config.ts';
const b = base as any;
const groups = b.build.rolldownOptions.output.codeSplitting.groups.filter((g: { name: string }) => g.name !== 'app');
b.build.rolldownOptions.output.codeSplitting.groups = groups;
b.build.outDir = '/tmp/fl-noapp';
export default b;
