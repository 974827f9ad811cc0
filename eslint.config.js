import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// import-x 4.6 and the TypeScript resolver 3.7 are pinned: their later versions resolve through native bindings
// (unrs-resolver, rspack-resolver) whose other-platform packages this registry lacks, so `npm ci` refuses the lock.
// The plugin's TypeScript settings minus its resolver setting: each layout brings its own resolver.
const { 'import-x/resolver': _defaultResolver, ...importXTypeScriptSettings } = importX.flatConfigs.typescript.settings;

/** The sub-folders of `dir`: a new feature or module is covered by the boundaries below without touching this file. */
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Layout rules, one entry per workspace: `tsconfig` lets the resolver follow its imports, `zones` say which folders
 * may not import which (import-x/no-restricted-paths: files in `target` may not import from `from`, except
 * `except`, relative to `from`). A service adds its own entry (e.g. `modules/<feature>` not importing each other).
 */
/**
 * A service's layout (docs/decisions/014-one-way-for-services.md): `modules/<feature>` do not import another
 * feature's internals, only its public entries (`<feature>.service.ts`, and `<feature>.guard.ts`: auth's staff
 * middleware, the waitlist's abuse guards);
 * nothing under `modules/` or `lib/` imports upward into what composes them (`app.ts`, `main.ts`, the worker's).
 */
const serviceLayout = (name, publicEntries = ['service']) => {
  const root = `./services/${name}/src`;
  const features = foldersIn(`${root}/modules`);
  return {
    name,
    root: root.slice(2),
    tsconfig: `services/${name}/tsconfig.json`,
    zones: [
      ...workspaceZones(name),
      ...features.map((feature) => ({
        target: `${root}/modules/${feature}`,
        from: `${root}/modules`,
        except: [
          `./${feature}`,
          ...features.flatMap((other) => publicEntries.map((role) => `./${other}/${other}.${role}.ts`)),
        ],
        message:
          "A feature imports another feature's public entry only (<feature>.service.ts): wire the two in app.ts, or move the shared part to lib/.",
      })),
      {
        target: [`${root}/modules`, `${root}/lib`],
        from: [`${root}/app.ts`, `${root}/main.ts`, `${root}/worker.ts`, `${root}/worker-main.ts`],
        message: 'Nothing imports upward into app.ts or main.ts: they compose the rest.',
      },
      {
        target: `${root}/lib`,
        from: `${root}/modules`,
        message: 'lib/ is shared by the features and depends on none of them.',
      },
    ],
  };
};

/**
 * Every call's method and path are declared once, in services/contracts/src/calls (docs/decisions/033-each-call-
 * declared-once.md): a path of the API written as a string anywhere else is a second copy that can drift. Tests may
 * spell paths out (that is what they check); the gateway's route table routes prefixes, not calls.
 */
const API_PATH = '/^\\/(api\\/|waitlist(\\/|$))/';
const apiPathLiteral = {
  selector: `Literal[value=${API_PATH}], TemplateElement[value.raw=${API_PATH}]`,
  message:
    'A path of the API is declared once, in @mmdm/contracts/calls: use the call (requestTo(call) in the web app, declaredRoutes(router)(call, ...) in a service).',
};
const apiPathFiles = ['services/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}', 'gateway/**/*.ts'];
const apiPathExempt = [
  'services/contracts/**',
  '**/*.test.{ts,tsx}',
  '**/test/**',
  '**/testing/**',
  'gateway/src/modules/routing/route-table.ts',
];

/**
 * The four roles of a service's feature files (docs/decisions/014-one-way-for-services.md), each told by something
 * only it does: a file in `modules/<feature>/` that does one of these carries that role's suffix. `schema` is the
 * service's Postgres schema (decision 002), which its SQL names in every statement.
 */
const fileRoles = (schema) => {
  const sql = `/\\b(from|into|update|join|truncate)\\s+${schema}\\.[a-z_]/i`;
  return {
    routes: {
      selector: "CallExpression[callee.name='Router'], CallExpression[callee.property.name='Router']",
      message: "Only a *.routes.ts file builds an express Router: the feature's routes live in <feature>.routes.ts.",
    },
    service: {
      selector:
        'FunctionDeclaration[id.name=/^create[A-Z]\\w*Service$/], VariableDeclarator[id.name=/^create[A-Z]\\w*Service$/]',
      message: 'A create<Name>Service factory lives in <name>.service.ts.',
    },
    repository: {
      selector: `Literal[value=${sql}], TemplateElement[value.raw=${sql}]`,
      message: `Only a *.repository.ts file holds SQL (a statement on a ${schema}.* table): move the query into a repository function.`,
    },
    schema: {
      selector: "ImportDeclaration[source.value='zod']",
      message:
        'zod schemas are declared in a *.schema.ts file (or in the contracts workspace) and imported from there.',
    },
  };
};

/**
 * no-restricted-syntax for a service's feature files: a file with a role's suffix may do what that role does and
 * nothing another role does; a file with none of the suffixes does none of it. One config object per file set, so no
 * two set this rule for the same file (a later object would replace, not extend, an earlier one's list).
 */
const fileRoleConfigs = (name) => {
  const modules = `services/${name}/src/modules`;
  const roles = fileRoles(name);
  const restrict = (except) => [
    ...Object.entries(roles)
      .filter(([role]) => role !== except)
      .map(([, restriction]) => restriction),
    apiPathLiteral,
  ];
  return [
    ...Object.keys(roles).map((role) => ({
      files: [`${modules}/**/*.${role}.ts`],
      rules: { 'no-restricted-syntax': ['error', ...restrict(role)] },
    })),
    {
      files: [`${modules}/**/*.{ts,tsx}`],
      ignores: [...Object.keys(roles).map((role) => `${modules}/**/*.${role}.ts`), `${modules}/**/*.test.ts`],
      rules: { 'no-restricted-syntax': ['error', ...restrict(null)] },
    },
  ];
};

/**
 * Which of our workspaces each may import (docs/decisions/014-one-way-for-services.md): contracts nothing of ours,
 * shared only contracts, each service and the gateway shared and contracts, never another service. Tests and their
 * harnesses may also use tests/support. Both ways in are closed: the package name (`@mmdm/auth/...`, below) and a
 * relative path into the other folder (the layouts' zones).
 */
const workspaces = {
  contracts: { dir: 'services/contracts', uses: [] },
  shared: { dir: 'services/shared', uses: ['contracts'] },
  auth: { dir: 'services/auth', uses: ['shared', 'contracts'] },
  waitlist: { dir: 'services/waitlist', uses: ['shared', 'contracts'] },
  backup: { dir: 'services/backup', uses: ['shared', 'contracts'] },
  gateway: { dir: 'gateway', uses: ['shared', 'contracts'] },
};
/** Ours, but imported by none of the above: the browser app and the test suites. */
const otherWorkspaces = { web: 'web', tests: 'tests' };
const testFiles = (dir) => [`${dir}/src/**/*.test.ts`, `${dir}/src/testing/**`, `${dir}/test/**`];

const workspaceMessage = (name) =>
  `The ${name} workspace imports ${workspaces[name].uses.length ? `only ${workspaces[name].uses.join(' and ')}` : 'nothing of ours'}: contracts depend on nothing of ours, shared only on contracts, and no service (auth, waitlist, backup, gateway) imports another; move what two of them share to shared or contracts.`;

/** Zones for a layout: no relative path out of this workspace into another of ours (tests/support aside). */
const workspaceZones = (name) => {
  const dir = workspaces[name].dir;
  const others = [
    ...Object.entries(workspaces)
      .filter(([other]) => other !== name && !workspaces[name].uses.includes(other))
      .map(([, workspace]) => workspace.dir),
    otherWorkspaces.web,
  ];
  return [{ target: `./${dir}/src`, from: others.map((other) => `./${other}`), message: workspaceMessage(name) }];
};

/** no-restricted-imports of the other workspaces' package names; test files may use @mmdm/tests as well. */
const workspaceImportConfigs = () =>
  Object.entries(workspaces).flatMap(([name, { dir, uses }]) => {
    const banned = (withTests) =>
      [...Object.keys(workspaces), ...Object.keys(otherWorkspaces)]
        .filter((other) => other !== name && !uses.includes(other) && (withTests || other !== 'tests'))
        .flatMap((other) => [`@mmdm/${other}`, `@mmdm/${other}/*`]);
    const rule = (withTests) => [
      'error',
      { patterns: [{ group: banned(withTests), message: workspaceMessage(name) }] },
    ];
    return [
      { files: [`${dir}/**/*.ts`], ignores: testFiles(dir), rules: { 'no-restricted-imports': rule(true) } },
      { files: testFiles(dir), rules: { 'no-restricted-imports': rule(false) } },
    ];
  });

/** A workspace with no inner layout of its own: only the boundaries between workspaces. */
const workspaceLayout = (name) => ({
  name,
  root: `${workspaces[name].dir}/src`,
  tsconfig: `${workspaces[name].dir}/tsconfig.json`,
  zones: workspaceZones(name),
});

const layouts = [
  serviceLayout('auth', ['service', 'guard']),
  serviceLayout('waitlist', ['service', 'guard']),
  serviceLayout('backup'),
  workspaceLayout('gateway'),
  workspaceLayout('shared'),
  workspaceLayout('contracts'),
  {
    name: 'web',
    root: 'web/src',
    tsconfig: 'web/tsconfig.json',
    // Unidirectional: shared code (components, lib, config) → features → app. Features do not import each other;
    // a screen made of two features is composed in app/routes (docs/decisions/012-web-features-by-domain.md).
    zones: [
      ...foldersIn('./web/src/features').map((feature) => ({
        target: `./web/src/features/${feature}`,
        from: './web/src/features',
        except: [`./${feature}`],
        message:
          'Features do not import each other: compose them in web/src/app/routes, or move the shared part to components/ or lib/.',
      })),
      {
        target: ['./web/src/features', './web/src/components', './web/src/lib', './web/src/config'],
        from: './web/src/app',
        message: 'Nothing imports upward into app/: it composes the rest.',
      },
      {
        target: ['./web/src/components', './web/src/lib', './web/src/config'],
        from: './web/src/features',
        message: 'Shared code does not depend on a feature.',
      },
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      'web/.build-*/**',
      '**/node_modules/**',
      'bench/.tmp/**',
      'tests/e2e/.results/**',
      // Compiled message catalogues (npm run i18n:compile), generated from the .po files beside them.
      'services/*/src/**/locales/*.ts',
      'web/src/locales/**/*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-console': ['error', { allow: ['warn', 'error'] }] },
  },
  ...layouts.map((layout) => ({
    files: [`${layout.root}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // Parse .ts/.tsx when following imports (without it no-cycle sees no edges), resolved with this workspace's tsconfig.
      ...importXTypeScriptSettings,
      'import-x/resolver': { typescript: { project: layout.tsconfig } },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layout.zones }],
      // Cycles are bugs (load order, half-initialised modules); only our own files are followed.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A file says what it is, in kebab-case with a role suffix (`waitlist-form.test.tsx`).
      'check-file/filename-naming-convention': [
        'error',
        { [`${layout.root}/**/*.{ts,tsx}`]: 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { [`${layout.root}/**/`]: 'KEBAB_CASE' }],
    },
  })),
  ...workspaceImportConfigs(),
  ...fileRoleConfigs('auth'),
  ...fileRoleConfigs('waitlist'),
  {
    // The feature files of auth and waitlist get the same rule with their role restrictions (fileRoleConfigs).
    files: apiPathFiles,
    ignores: [...apiPathExempt, 'services/auth/src/modules/**', 'services/waitlist/src/modules/**'],
    rules: { 'no-restricted-syntax': ['error', apiPathLiteral] },
  },
  {
    // Only repositories touch Postgres: anything else may name pg's types, never run a query through pg itself.
    files: ['services/auth/src/**/*.ts', 'services/waitlist/src/**/*.ts', 'gateway/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts', '**/testing/**', 'services/waitlist/src/lib/db.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'pg',
              allowTypeImports: true,
              message: 'Only repositories (*.repository.ts) import pg: call a repository function instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // Scripts and tests may print: that is their interface.
    files: ['infra/**', 'bench/**', 'tests/**', 'web/scripts/**', '**/cli/**'],
    rules: { 'no-console': 'off' },
  },
);
