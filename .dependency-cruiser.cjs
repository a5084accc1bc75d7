/**
 * Feature folders of the command service depend one way (ADR 052): no cycle between folders,
 * `shared/` depends on no feature. Run by `npm run lint`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      scope: 'folder',
      severity: 'error',
      comment: 'Two feature folders of the command service import each other (directly or through others): move the shared rule into its own folder.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-feature',
      severity: 'error',
      comment: 'command-service/src/shared is the base every feature builds on: it imports no feature folder.',
      from: { path: '^command-service/src/shared/', pathNot: '(\\.test\\.ts|test-app\\.ts)$' },
      to: { path: '^command-service/src/', pathNot: '^command-service/src/shared/' },
    },
    {
      name: 'no-other-folders-routes',
      severity: 'error',
      comment: "A use-case folder's routes are its own: only app.ts registers them; a rule two folders need lives in a folder of its own.",
      from: { path: '^command-service/src/([^/]+)/', pathNot: '^command-service/src/app\\.ts$' },
      to: { path: '^command-service/src/[^/]+/routes\\.ts$', pathNot: '^command-service/src/$1/' },
    },
  ],
  options: {
    includeOnly: '^command-service/src/',
    exclude: { path: '(\\.test\\.ts|/shared/test-app\\.ts)$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
