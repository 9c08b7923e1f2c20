// Feature boundaries, checked by `npm run check:deps` (a step of `npm test`). See docs/decisions.md,
// "Feature boundaries: one public surface per feature, no cycles, checked in npm test".
//
// A feature is a folder under apps/api/src/features/ or apps/web/src/features/. Another feature may
// import only the files listed here for it: its public surface. Every other file of the folder is
// internal (a feature with no entry has no public file). What composes features (apps/api/src/app.ts,
// apps/web/src/app/ and ssr/) may import any of their files. Tests and test helpers are not cruised:
// they build their world through whatever they need.

/** The public surface of each feature that another feature imports: file names inside its folder. */
const publicFiles = {
  'apps/api/src/features': {
    availability: ['availability.responses.ts'],
    catalog: ['catalog.queries.ts', 'catalog.responses.ts', 'catalog.serialize.ts'],
    mail: ['mail-jobs.ts', 'recipient-caps.ts', 'templates.ts'],
    // Confirming an address that OPERATOR_EMAILS lists grants the role (auth's verification).
    operators: ['operators.queries.ts'],
    payments: ['refunds.ts'],
    quotes: ['quotes.queries.ts', 'quote-answer.ts'],
    reservations: ['reservations.queries.ts', 'reservation-access.queries.ts', 'ownership.queries.ts'],
    search: ['search.routes.ts'],
  },
  'apps/web/src/features': {
    // The host profile form (hosts) reuses the phone field and the reading of refusals.
    auth: ['auth-errors.ts', 'phone-input.tsx'],
    maps: ['static-mexico-map.tsx', 'tile-layer-with-fallback.tsx'],
  },
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const publicPattern = Object.entries(publicFiles)
  .flatMap(([root, features]) =>
    Object.entries(features).flatMap(([feature, files]) =>
      files.map((file) => `^${escapeRegExp(`${root}/${feature}/${file}`)}$`),
    ),
  )
  .join('|')

/** What runs: the API server, the web app and its server renderer. */
const entryPoints = [
  '^apps/api/src/server\\.ts$',
  '^apps/web/src/app/main\\.tsx$',
  '^apps/web/src/ssr/entry-server\\.tsx$',
]

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-cycles',
      comment:
        'Two features never need each other: the flow that joins them gets one home, and what both ' +
        'use moves down (db/, lib/, plugins/, the domain). Checked between folders, so a loop through ' +
        'different files of two features counts.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/(api|web)/src/features/[^/]+$' },
      to: { path: '^apps/(api|web)/src/features/[^/]+$', circular: true },
    },
    {
      name: 'no-module-cycles',
      comment:
        'No import loop between modules anywhere, inside a feature either. A loop closed by a type-only ' +
        'import is gone at run time (the seed data files share a type with their index this way).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-feature-internals',
      comment:
        "A feature imports another feature's public files only (publicFiles in .dependency-cruiser.cjs).",
      severity: 'error',
      from: { path: '^apps/(api|web)/src/features/([^/]+)/' },
      to: {
        path: '^apps/(api|web)/src/features/',
        pathNot: [`^apps/$1/src/features/$2/`, publicPattern],
      },
    },
    {
      name: 'infrastructure-not-to-features',
      comment:
        'Plugins, db, lib and config serve every feature and know none; UI components and lib in the ' +
        'web likewise. app.ts (and the web app/) compose features instead.',
      severity: 'error',
      from: {
        path: [
          '^apps/api/src/(plugins|db|lib)/',
          '^apps/api/src/config\\.ts$',
          '^apps/web/src/(components|lib)/',
        ],
      },
      to: { path: '^apps/(api|web)/src/features/' },
    },
    {
      name: 'not-to-composition',
      comment: 'Features and infrastructure never import what composes them (app.ts, server.ts, web app/).',
      severity: 'error',
      from: { path: '^apps/(api|web)/src/(features|plugins|db|lib|components)/' },
      to: { path: ['^apps/api/src/(app|server)\\.ts$', '^apps/web/src/app/'] },
    },
    {
      name: 'sandbox-only-from-composition',
      comment:
        'The Openpay sandbox (apps/openpay-sandbox) stands in for an outside system: only the composition ' +
        'root mounts it (app.ts, with our account there from sandbox-account.ts); our payment code reaches ' +
        'it over HTTP like Openpay, never by import.',
      severity: 'error',
      from: { path: '^apps/(api|web)/src/', pathNot: '^apps/api/src/(app|sandbox-account)\\.ts$' },
      to: { path: '^apps/openpay-sandbox/' },
    },
    {
      name: 'sandbox-knows-no-product',
      comment:
        'The sandbox imports nothing of the product: what it needs of its host (a database, its account, ' +
        'the date) comes as plugin options. Pure rules of cards and money come from the domain package.',
      severity: 'error',
      from: { path: '^apps/openpay-sandbox/' },
      to: { path: '^apps/(api|web)/' },
    },
    {
      name: 'no-unreachable',
      comment:
        'A source file that neither the server nor the web app (client and server renderer) reaches is ' +
        'dead: delete it. Tools and test kits are run on their own.',
      severity: 'error',
      from: { path: entryPoints },
      to: {
        path: '^apps/(api|web|openpay-sandbox)/src/',
        pathNot: [
          ...entryPoints,
          '\\.d\\.ts$',
          '^apps/api/src/features/mail/mail-(previews|testing)\\.ts$',
          '^apps/openpay-sandbox/src/(openpay-sandbox\\.js|testing\\.ts)$',
        ],
        reachable: false,
      },
    },
  ],
  options: {
    includeOnly: ['^apps/(api|web|openpay-sandbox)/src/', '^packages/domain/src/'],
    // Workspace packages (@cabanas/*) ship TypeScript through their package.json "exports".
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
    exclude: { path: ['\\.test\\.tsx?$', '^apps/(api|web)/src/test/', '/dist/'] },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports couple features too.
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
    reporterOptions: { text: { highlightFocused: true } },
  },
}
