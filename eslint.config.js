import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Dependencies point one way (ARCHITECTURE §2): everything may import contracts; services import
 * platform; the query service may import the projections' query functions; only cli (the
 * composition root) and tests import services. Both package names and relative paths count.
 */
const WORKSPACES = ['contracts', 'platform', 'command-service', 'projections', 'query-service', 'frontend', 'cli', 'tests'];
const MAY_IMPORT = {
  contracts: [],
  platform: ['contracts'],
  'command-service': ['contracts', 'platform'],
  projections: ['contracts', 'platform'],
  'query-service': ['contracts', 'platform', 'projections'],
  frontend: ['contracts'],
};
/** Test files may also use the shared test support and fixtures (they are not part of the running product). */
const boundaries = Object.entries(MAY_IMPORT).flatMap(([workspace, allowed]) =>
  [
    { files: [`${workspace}/**/*.{ts,tsx}`], ignores: ['**/*.test.{ts,tsx}'], allowed },
    { files: [`${workspace}/**/*.test.{ts,tsx}`], allowed: [...allowed, 'tests', 'cli'] },
  ].map(({ files, ignores, allowed }) => boundaryRule(workspace, files, ignores, allowed)),
);

function boundaryRule(workspace, files, ignores, allowed) {
  const forbidden = WORKSPACES.filter((other) => other !== workspace && !allowed.includes(other));
  return {
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.flatMap((other) => [
            { group: [`@hireloop/${other}`, `@hireloop/${other}/*`], message: `${workspace} may not depend on ${other} (ARCHITECTURE §2).` },
            { regex: `^(\\.\\./)+${other}/`, message: `${workspace} may not depend on ${other} (ARCHITECTURE §2).` },
          ]),
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.test-data/**', 'frontend/src/routeTree.gen.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]",
          message: 'Focused or skipped tests do not belong on main.',
        },
      ],
    },
  },
  ...boundaries,
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooks.configs['recommended-latest'].rules,
      // A dialog puts the focus on its first field, as the WAI-ARIA dialog pattern asks.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    // No imports across frontend features: shared pieces live in src/components and src/lib.
    files: ['frontend/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./\\.\\./(?!\\.\\.)', message: 'A feature may not import another feature: move the shared piece to src/components or src/lib.' }, { group: ['@hireloop/!(contracts)*'], message: 'The SPA imports only contracts.' }] },
      ],
    },
  },
  {
    files: ['frontend/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!\\.\\.)', message: 'A feature may not import another feature: move the shared piece to src/components or src/lib.' }, { group: ['@hireloop/!(contracts)*'], message: 'The SPA imports only contracts.' }] },
      ],
    },
  },
);
