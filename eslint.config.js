import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const RXDB_INTERNALS = "RxDB's non-public surface is used only in src/data/rxdb-internals.ts (with a contract test)."
/** RxDB's internal fields the sync layer reads (replication state, storage instances, document meta). */
const RXDB_INTERNAL_FIELDS = [
  'internalReplicationState',
  'metaInstance',
  'forkInstance',
  'downstreamBulkWriteFlag',
  'internalStorageInstance',
  'storageInstance',
  'getPreparedQuery',
  'changes\\$',
  '_meta',
]
/** RxDB helpers that are exported but belong to its replication protocol and storages, not its API. */
const RXDB_INTERNAL_IMPORTS = [
  {
    name: 'rxdb/plugins/core',
    importNames: [
      'getAssumedMasterState',
      'getChangedDocumentsSince',
      'getComposedPrimaryKeyOfDocumentData',
      'getHeightOfRevision',
      'writeDocToDocState',
      'META_INSTANCE_SCHEMA_TITLE',
      'DexieStorageInternals',
      'RxStorageInstanceReplicationState',
    ],
    message: RXDB_INTERNALS,
  },
  { name: 'rxdb/plugins/storage-dexie', importNames: ['fromStorageToDexie'], message: RXDB_INTERNALS },
  {
    name: 'rxdb/plugins/migration-schema',
    importNames: ['migrateDocumentData', 'RxMigrationState'],
    message: RXDB_INTERNALS,
  },
  { name: 'rxdb/plugins/utils', importNames: ['defaultHashSha256', 'randomToken'], message: RXDB_INTERNALS },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'dev-dist',
      'bench/results',
      'sync-server/db/migrations',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['rxdb', 'rxdb/*', 'dexie'], message: 'Only src/data talks to storage.' }] },
      ],
    },
  },
  {
    // RxDB's non-public surface (helpers, internal fields) is used only by src/data/rxdb-internals.ts,
    // where a contract test pins each use to the installed version.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/data/rxdb-internals.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: RXDB_INTERNAL_IMPORTS,
          patterns: [
            { group: ['rxdb/src/*', 'rxdb/dist/*'], message: RXDB_INTERNALS },
            { group: ['rxdb', 'rxdb/*', 'dexie'], message: 'Only src/data talks to storage.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[property.name=/^(${RXDB_INTERNAL_FIELDS.join('|')})$/]`,
          message: RXDB_INTERNALS,
        },
      ],
    },
  },
  {
    // src/data talks to storage (and RxDB's public API) itself.
    files: ['src/data/**/*.{ts,tsx}'],
    ignores: ['src/data/rxdb-internals.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: RXDB_INTERNAL_IMPORTS, patterns: [{ group: ['rxdb/src/*', 'rxdb/dist/*'], message: RXDB_INTERNALS }] },
      ],
    },
  },
  {
    // src/lib holds helpers with no storage behind them; what reads the data lives in src/data.
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['rxdb', 'rxdb/*', 'dexie'], message: 'Only src/data talks to storage.' },
            { regex: '(^|/)data/', message: 'src/lib never imports src/data: a hook that reads data belongs there.' },
          ],
        },
      ],
    },
  },
  {
    // A feature reaches another only through src/components, src/data or src/lib.
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['src/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['rxdb', 'rxdb/*', 'dexie'], message: 'Only src/data talks to storage.' },
            { regex: '^\\.\\./(?!\\.\\.)', message: 'Features never import each other: share through src/components.' },
          ],
        },
      ],
    },
  },
  {
    // schema/ is pure logic shared by the app and the server: zod and itself, nothing else.
    files: ['schema/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod(/mini)?$|\\.)', message: 'schema/ imports only zod and schema/.' },
            {
              regex: '^(\\.\\./)+(src|sync-server|bench|tests)/',
              message: 'schema/ never imports the app or the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // URLs may run long; code, strings and template literals may not.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-len': ['error', { code: 120, ignoreUrls: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'schema/**/*.{ts,tsx}', 'sync-server/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
)
