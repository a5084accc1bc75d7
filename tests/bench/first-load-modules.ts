/**
 * Which modules the first visit to a page loads, and what each costs gzipped (ADR 111): builds
 * the SPA with source maps into a scratch folder, takes the scripts the page loads (the ones
 * `index.html` names and the page's route preloads, as the server sends them: `cli/src/spa.ts`),
 * gives every minified character of them to the source its map names, and prints the sources by
 * their text gzipped alone (level 9; the parts add up to more than the files, which compress
 * together), then each file's own size.
 *
 *   npx tsx tests/bench/first-load-modules.ts [/jobs] [--top 60] [--dir /tmp/first-load]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { routePreloads, type ViteManifest } from '../../cli/src/route-preloads';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args.splice(index, 2)[1];
};
const top = Number(option('--top') ?? 60);
const keptDir = option('--dir');
const pathname = args[0] ?? '/jobs';

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../frontend');
const outDir = keptDir ?? mkdtempSync(path.join(tmpdir(), 'first-load-'));
const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

try {
  await build({ configFile: path.join(frontend, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: 'hidden' } });
  const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  const pageScripts = [...indexHtml.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!);
  const scripts = [...new Set([...pageScripts, ...routePreloads(manifest, indexHtml)(pathname)])];

  const bySource = new Map<string, string[]>();
  const files: Array<{ file: string; gzip: number; raw: number }> = [];
  for (const script of scripts) {
    const file = path.join(outDir, script);
    const code = readFileSync(file, 'utf8');
    files.push({ file: script, gzip: gzip(code), raw: Buffer.byteLength(code) });
    if (!existsSync(`${file}.map`)) {
      bySource.set(`(no map) ${script}`, [code]);
      continue;
    }
    const lines = code.split('\n');
    // Each segment covers its generated text up to the next segment on the line.
    const segments = mappedSegments(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string });
    segments.sort((a, b) => a.line - b.line || a.column - b.column);
    segments.forEach((segment, index) => {
      const next = segments[index + 1];
      const line = lines[segment.line] ?? '';
      const text = line.slice(segment.column, next && next.line === segment.line ? next.column : undefined);
      const key = `${shortName(segment.source)}`;
      bySource.set(key, [...(bySource.get(key) ?? []), text]);
    });
  }

  const rows = [...bySource].map(([source, parts]) => ({ source, raw: parts.join('').length, gzip: gzip(parts.join('')) })).sort((a, b) => b.gzip - a.gzip);
  const byPackage = new Map<string, number>();
  for (const row of rows) byPackage.set(packageOf(row.source), (byPackage.get(packageOf(row.source)) ?? 0) + row.raw);

  console.info(`First load of ${pathname}: ${files.length} files, ${files.reduce((sum, file) => sum + file.gzip, 0).toLocaleString('en-US')} B gzipped`);
  for (const file of files) console.info(`  ${file.file.padEnd(44)} ${String(file.gzip).padStart(7)} B gzip ${String(file.raw).padStart(8)} B`);
  console.info('\nBy package, minified bytes (gzipped alone):');
  for (const [name, raw] of [...byPackage].sort((a, b) => b[1] - a[1])) {
    const text = rows.filter((row) => packageOf(row.source) === name).map((row) => bySource.get(row.source)!.join('')).join('');
    console.info(`  ${name.padEnd(44)} ${String(raw).padStart(8)} B  ${String(gzip(text)).padStart(7)} B gzip`);
  }
  console.info(`\nTop ${top} modules by their minified text gzipped alone:`);
  for (const row of rows.slice(0, top)) console.info(`  ${String(row.gzip).padStart(6)} B gzip ${String(row.raw).padStart(7)} B  ${row.source}`);
} finally {
  if (!keptDir) rmSync(outDir, { recursive: true, force: true });
}

/**
 * A source map's segments: where each starts in the generated code and which source it comes from
 * (the map's base64 VLQ fields: column, source index, source line, source column, name; only the
 * first two are needed here). Written out because the repository declares no source-map reader.
 */
function mappedSegments(map: { sources: string[]; mappings: string }): Array<{ line: number; column: number; source: string }> {
  const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const segments: Array<{ line: number; column: number; source: string }> = [];
  let source = 0;
  map.mappings.split(';').forEach((lineText, line) => {
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = DIGITS.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
          continue;
        }
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      segments.push({ line, column, source: fields.length > 1 ? (map.sources[source] ?? '(unmapped)') : '(unmapped)' });
    }
  });
  return segments;
}

/** A source's path from its package or from the project (`react-dom/cjs/…`, `src/lib/…`). */
function shortName(source: string): string {
  const inPackage = /node_modules\/(.+)$/.exec(source);
  if (inPackage) return inPackage[1]!;
  return source.replace(/^(\.\.\/)+/, '').replace(/^.*?\/(frontend|contracts)\//, '$1/');
}

function packageOf(source: string): string {
  if (source.startsWith('frontend/') || source.startsWith('contracts/') || !/^[@\w]/.test(source) || source.startsWith('src/')) return source.split('/').slice(0, 3).join('/');
  const parts = source.split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}
