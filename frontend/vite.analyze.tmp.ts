import { writeFileSync } from 'node:fs';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import base from './vite.config.ts';
const dump: Plugin = {
  name: 'dump', apply: 'build',
  generateBundle(_o, bundle) {
    const chunks: Record<string, { modules: string[]; facade: string | null; imports: string[]; dyn: string[] }> = {};
    const mods: Record<string, { imp: string[]; dyn: string[] }> = {};
    for (const [name, c] of Object.entries(bundle)) {
      if (c.type !== 'chunk') continue;
      chunks[name] = { modules: Object.keys(c.modules), facade: c.facadeModuleId, imports: c.imports, dyn: c.dynamicImports };
    }
    for (const id of this.getModuleIds()) { const info = this.getModuleInfo(id); mods[id] = { imp: [...(info?.importedIds ?? [])], dyn: [...(info?.dynamicallyImportedIds ?? [])] }; }
    writeFileSync('/tmp/fl-graph.json', JSON.stringify({ chunks, mods }));
  },
};
export default mergeConfig(base, defineConfig({ plugins: [dump], build: { sourcemap: true, outDir: '/tmp/fl-dist', emptyOutDir: true } }));
