// Feature and workspace boundaries, checked by `npm run check:deps` (a step of `npm test`). See
// docs/decisions.md, "Feature boundaries in the API: one home for the charge flow, public files, checked
// in npm test" and "The dependency rules cover the workspaces: domain, API, web and server renderer".
//
// Workspaces: the domain (packages/domain) imports nothing of ours and no library but zod; the contracts
// (packages/contracts: the route manifest, the renderer's contract, browser storage keys) import only the
// domain; the API and
// the web never import each other (the API loads the web's built page renderer by its path at start);
// the sandbox stands apart. Inside the web, the server renderer (ssr/) composes like app/: components,
// features and lib never import it. The tools (tools/: benchmarks, attack suites, the demo-photo painter,
// the mail previews) stand outside the product and run against it: they may import the API's source and test
// kits by relative path, the domain and the sandbox, but no product code imports a tool.
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
    // The demo accounts (hosts/demo-accounts.ts) sign in with a real password hash.
    auth: ['passwords.ts'],
    // Payouts read a host's profile and its CLABE, sealed in the hosts feature.
    hosts: ['hosts.queries.ts'],
    catalog: ['catalog.queries.ts', 'catalog.responses.ts', 'catalog.serialize.ts'],
    // Auth sends the password-reset mail itself (templates-account.ts).
    mail: ['mail-jobs.ts', 'recipient-caps.ts', 'templates-account.ts'],
    // Confirming an address that OPERATOR_EMAILS lists grants the role (auth's verification).
    operators: ['operators.queries.ts'],
    // Payouts send transfers through the payment gateway.
    payments: ['refunds.ts', 'payment-gateway.ts'],
    // Listings check an upload's owner (findPhotoUpload) in the storage the photo route writes to.
    photos: ['photo-storage.ts', 'photos.service.ts'],
    quotes: ['quotes.queries.ts', 'quote-answer.ts'],
    // Requests to book (issue 22): paying one (payments), its host's inbox (bookings), its mails (mail).
    reservations: [
      'reservations.queries.ts',
      'reservation-access.queries.ts',
      'ownership.queries.ts',
      'request-payment.queries.ts',
    ],
    search: ['search.routes.ts'],
  },
  'apps/web/src/features': {
    // The host profile form (hosts) reuses the phone field, the reading of refusals and their toast.
    auth: ['auth-errors.ts', 'toast-failure.ts', 'phone-input.tsx'],
    maps: ['static-mexico-map.tsx', 'tile-layer-with-fallback.tsx'],
    // The operator console's payouts show a month's status as the host's page does.
    payouts: ['payout-status-badge.tsx'],
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

/** What runs: the API server, the web app and its server renderer (the domain is reached through them). */
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
          '^apps/api/src/config/',
          '^apps/web/src/(components|lib)/',
        ],
      },
      to: { path: '^apps/(api|web)/src/features/' },
    },
    {
      name: 'not-to-composition',
      comment:
        'Features and infrastructure never import what composes them (app.ts, server.ts, the web app/ and ' +
        'its server renderer ssr/). What a component needs from the server render comes in as props, ' +
        'through the query cache or from lib/ (lib/config.ts holds the values entry-server hands over).',
      severity: 'error',
      from: { path: '^apps/(api|web)/src/(features|plugins|db|lib|components)/' },
      // Within its own app ($1): an import across the apps is api-not-to-web's or web-not-to-api's.
      to: { path: ['^apps/$1/src/(app|server)\\.ts$', '^apps/$1/src/(app|ssr)/'] },
    },
    {
      name: 'domain-imports-no-app',
      comment:
        'The domain is the bottom of the house: the API, the web and the sandbox import it, it imports none ' +
        'of them. What a rule needs from an app (a date, a row, a setting) is a parameter.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-is-pure',
      comment:
        'The domain is plain TypeScript a reader follows without knowing a framework: no I/O (node:*), no ' +
        'React, Fastify or Drizzle. Its one library is zod, for the schemas the API and the web share. It ' +
        'does not import the contracts either: they are built on the domain, not under it.',
      severity: 'error',
      from: { path: '^packages/domain/src/' },
      to: { pathNot: ['^packages/domain/src/', '^apps/', '^(node_modules/)?zod(/|$)'] },
    },
    {
      name: 'contracts-import-no-app',
      comment:
        'The contracts (route manifest, the page renderer contract, storage keys) are what the API, the web ' +
        'and its server renderer agree on: they import none of them.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'contracts-are-pure',
      comment:
        'The contracts are plain TypeScript like the domain, which is all they import: no I/O (node:*), no ' +
        'React, Fastify or Drizzle, no library.',
      severity: 'error',
      from: { path: '^packages/contracts/src/' },
      to: { pathNot: ['^packages/(contracts|domain)/src/', '^apps/'] },
    },
    {
      name: 'api-not-to-web',
      comment:
        'The API never imports the web app. The one meeting point is the page renderer, and it is not an ' +
        'import: server.ts loads the built apps/web/dist-ssr/entry-server.js by its path at start ' +
        '(config.webSsrEntry), the test kit loads the source entry the same way (test/page-renderer.ts), and ' +
        'the contract is typed in @cabanas/contracts/ssr. An import would bundle React into the server and ' +
        'make `tsc -p apps/api` type-check the web.',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-not-to-api',
      comment:
        'The web reaches the API over HTTP (lib/api-client.ts) or, on the server, through the PageData the ' +
        'API hands the renderer; shapes both sides need live in the domain, addresses and the renderer ' +
        'contract in the contracts package.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
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
      name: 'product-not-to-tools',
      comment:
        'The tools (tools/: benchmarks, attack suites, the demo-photo painter, the mail previews) run against ' +
        'the product and may import it (the API by relative path, e.g. ../../apps/api/src/db/client.ts; the ' +
        'domain and the sandbox by package name); the product never imports a tool, so that nothing of them ' +
        'is built, shipped or needed to understand apps/ and packages/. What a tool and a test both need is a ' +
        'test kit in apps/api/src/test/.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { path: '^tools/' },
    },
    {
      name: 'no-unreachable',
      comment:
        'A source file that neither the server nor the web app (client and server renderer) reaches is ' +
        'dead: delete it. Tools and test kits are run on their own.',
      severity: 'error',
      from: { path: entryPoints },
      to: {
        path: ['^apps/(api|web|openpay-sandbox)/src/', '^packages/(domain|contracts)/src/'],
        pathNot: [
          ...entryPoints,
          '\\.d\\.ts$',
          '^apps/api/src/features/mail/mail-testing\\.ts$',
          '^apps/openpay-sandbox/src/(openpay-sandbox\\.js|testing\\.ts)$',
        ],
        reachable: false,
      },
    },
  ],
  options: {
    // No includeOnly: packages (node_modules/…) and Node's own modules stay in the graph as leaves (never
    // followed), so that domain-is-pure sees them.
    // Workspace packages (@cabanas/*) ship TypeScript through their package.json "exports".
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
    exclude: { path: ['\\.test\\.tsx?$', '\\.fixtures\\.ts$', '^apps/(api|web)/src/test/', '/dist/'] },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports couple features too.
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
    reporterOptions: { text: { highlightFocused: true } },
  },
}
