import { describe, expect, it } from 'vitest';
import { routePreloads, withModulePreloads, type ViteManifest } from './route-preloads';

/** The shape of the SPA's manifest: the entry, shared chunks, and one split chunk per route. */
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_framework-F.js'] },
  '_framework-F.js': { file: 'assets/framework-F.js' },
  '_board-B.js': { file: 'assets/job-board-page-B.js', imports: ['_framework-F.js', '_card-C.js'] },
  '_card-C.js': { file: 'assets/card-C.js' },
  '_detail-D.js': { file: 'assets/job-detail-page-D.js', imports: ['index.html', '_card-C.js'] },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-I.js', imports: ['_board-B.js', 'index.html'] },
  'src/routes/jobs.tsx?tsr-split=component': { file: 'assets/jobs-J.js', imports: ['_board-B.js', 'index.html'] },
  'src/routes/job.$jobId.tsx?tsr-split=component': { file: 'assets/job._jobId-K.js', imports: ['_detail-D.js'] },
  'src/routes/dashboard.tsx?tsr-split=component': { file: 'assets/dashboard-L.js' },
  'src/routes/dashboard_.jobs.tsx?tsr-split=component': { file: 'assets/dashboard_.jobs-M.js' },
  'src/routes/reset-password.tsx?tsr-split=component': { file: 'assets/reset-password-N.js' },
  'src/routes/reset-password.index.tsx?tsr-split=component': { file: 'assets/reset-password.index-O.js' },
  'src/routes/reset-password.$token.tsx?tsr-split=errorComponent': { file: 'assets/reset-password._token-P.js' },
  'src/features/auth/components/auth-dialog.tsx': { file: 'assets/auth-dialog-Q.js', imports: ['_framework-F.js'] },
};

const preloads = routePreloads(manifest);

describe('the scripts a page preloads', () => {
  it('are its route chunk and what that imports, without what the entry already loads', () => {
    expect(preloads('/jobs')).toEqual(['/assets/jobs-J.js', '/assets/job-board-page-B.js', '/assets/card-C.js']);
    expect(preloads('/')).toEqual(['/assets/routes-I.js', '/assets/job-board-page-B.js', '/assets/card-C.js']);
  });

  it('a $param matches any one segment of the address, and only one', () => {
    expect(preloads('/job/0b7c')).toEqual(['/assets/job._jobId-K.js', '/assets/job-detail-page-D.js', '/assets/card-C.js']);
    expect(preloads('/job/0b7c/extra')).toEqual([]);
    expect(preloads('/job')).toEqual([]);
  });

  it('a layout route comes with its child; a name ending in _ is not nested in the route before it', () => {
    expect(preloads('/reset-password')).toEqual(['/assets/reset-password-N.js', '/assets/reset-password.index-O.js']);
    expect(preloads('/reset-password/t0k3n')).toEqual(['/assets/reset-password-N.js', '/assets/reset-password._token-P.js']);
    expect(preloads('/dashboard/jobs')).toEqual(['/assets/dashboard_.jobs-M.js']);
    expect(preloads('/dashboard')).toEqual(['/assets/dashboard-L.js']);
  });

  it('with the entry in a chunk group (no isEntry in the manifest), what the page names and what that imports are left out (ADR 109)', () => {
    const grouped: ViteManifest = {
      '_runtime-R.js': { file: 'assets/rolldown-runtime-R.js' },
      '_framework-F.js': { file: 'assets/framework-F.js', imports: ['_runtime-R.js'] },
      '_app-A.js': { file: 'assets/app-A.js', imports: ['_runtime-R.js', '_framework-F.js', '_shared-S.js'] },
      '_shared-S.js': { file: 'assets/shared-S.js' },
      '_board-B.js': { file: 'assets/job-board-page-B.js', imports: ['_app-A.js', '_shared-S.js'] },
      'src/routes/jobs.tsx?tsr-split=component': { file: 'assets/jobs-J.js', imports: ['_app-A.js', '_board-B.js', '_framework-F.js'] },
    };
    const page = [
      '<head>',
      '  <script type="module" crossorigin src="/assets/rolldown-runtime-R.js"></script>',
      '  <script type="module" crossorigin src="/assets/framework-F.js"></script>',
      '  <link rel="modulepreload" crossorigin href="/assets/app-A.js">',
      '  <link rel="stylesheet" crossorigin href="/assets/app-A.css">',
      '</head>',
    ].join('\n');
    expect(routePreloads(grouped, page)('/jobs')).toEqual(['/assets/jobs-J.js', '/assets/job-board-page-B.js']);
    // Without the page, nothing is known to be loaded already: the route's whole closure.
    expect(routePreloads(grouped)('/jobs')).toEqual(['/assets/jobs-J.js', '/assets/app-A.js', '/assets/rolldown-runtime-R.js', '/assets/framework-F.js', '/assets/shared-S.js', '/assets/job-board-page-B.js']);
  });

  it('an address no route has, or a build without a manifest, preloads nothing', () => {
    expect(preloads('/no-such-page')).toEqual([]);
    expect(routePreloads({})('/jobs')).toEqual([]);
  });
});

describe('withModulePreloads', () => {
  it('adds one link per script at the end of the head, and leaves the page alone without scripts', () => {
    const html = '<html>\n  <head>\n    <title>Hireloop</title>\n  </head>\n  <body></body>\n</html>';
    expect(withModulePreloads(html, ['/assets/a.js', '/assets/b.js'])).toBe(
      '<html>\n  <head>\n    <title>Hireloop</title>\n    <link rel="modulepreload" crossorigin href="/assets/a.js">\n    <link rel="modulepreload" crossorigin href="/assets/b.js">\n  </head>\n  <body></body>\n</html>',
    );
    expect(withModulePreloads(html, [])).toBe(html);
  });
});
