import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { cruise as depcruise, type ICruiseResult } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import { afterEach, describe, expect, it } from 'vitest'

// The boundary rules of `npm run check:deps` (features, workspaces, the server renderer), run with the
// repository's own configuration on tiny trees: they pass what is allowed and name each break.
// dependency-cruiser runs in this process (what `depcruise <roots> --config … --output-type json` runs
// from the tree): starting its command for each tree took about a second of CPU each.

const repoRoot = path.resolve(import.meta.dirname, '../../..')
const options = extractDepcruiseOptions(path.join(repoRoot, '.dependency-cruiser.cjs'))

let tree: string | null = null
afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true })
  tree = null
})

/** Writes the files (path → imported paths) and returns the violations as 'rule: from → to'. */
async function cruise(files: Record<string, string[]>): Promise<string[]> {
  const base = mkdtempSync(path.join(tmpdir(), 'dependency-rules-'))
  tree = base
  for (const [file, imports] of Object.entries(files)) {
    const target = path.join(base, file)
    mkdirSync(path.dirname(target), { recursive: true })
    const lines = imports.map((imported, i) => `import { x as x${i} } from '${imported}'\nvoid x${i}`)
    writeFileSync(target, `${lines.join('\n')}\nexport const x = 1\n`)
  }
  const roots = ['apps', 'packages', 'tools'].filter((root) => existsSync(path.join(base, root)))
  const { output } = await depcruise(roots, { ...(await options), baseDir: base })
  const result = output as ICruiseResult
  return result.summary.violations
    .map(({ rule, from, to }) => (from === to ? `${rule.name}: ${from}` : `${rule.name}: ${from} → ${to}`))
    .sort()
}

const api = 'apps/api/src'
const web = 'apps/web/src'
const sandbox = 'apps/openpay-sandbox/src'
const domain = 'packages/domain/src'
const tools = 'tools'
const contracts = 'packages/contracts/src'

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  it("allows a feature to import another's public files, and app.ts to compose any of them", async () => {
    const violations = await cruise({
      [`${api}/app.ts`]: ['./features/payments/reconcile.ts', './features/search/search-sync.ts'],
      [`${api}/features/payments/reconcile.ts`]: ['../reservations/reservations.queries.ts'],
      [`${api}/features/reservations/reservations.queries.ts`]: ['../../lib/uuid.ts'],
      [`${api}/features/search/search-sync.ts`]: ['../catalog/catalog.queries.ts'],
      [`${api}/features/catalog/catalog.queries.ts`]: [],
      [`${api}/lib/uuid.ts`]: [],
      [`${web}/features/catalog/cabin-location.tsx`]: ['../maps/static-mexico-map'],
      [`${web}/features/maps/static-mexico-map.tsx`]: [],
    })
    expect(violations).toEqual([])
  })

  it("refuses an import of another feature's internal file", async () => {
    const violations = await cruise({
      [`${api}/features/bookings/bookings.routes.ts`]: ['../payments/reconcile.ts'],
      [`${api}/features/payments/reconcile.ts`]: [],
      [`${web}/features/catalog/cabin-location.tsx`]: ['../maps/mexico-outline'],
      [`${web}/features/maps/mexico-outline.ts`]: [],
    })
    expect(violations).toEqual([
      `no-feature-internals: ${api}/features/bookings/bookings.routes.ts → ${api}/features/payments/reconcile.ts`,
      `no-feature-internals: ${web}/features/catalog/cabin-location.tsx → ${web}/features/maps/mexico-outline.ts`,
    ])
  })

  it('refuses a cycle between two features, even through different files of each', async () => {
    // reservations.queries → refunds → ownership.queries: no module loop, but the folders loop.
    const violations = await cruise({
      [`${api}/features/reservations/reservations.queries.ts`]: ['../payments/refunds.ts'],
      [`${api}/features/payments/refunds.ts`]: ['../reservations/ownership.queries.ts'],
      [`${api}/features/reservations/ownership.queries.ts`]: [],
    })
    expect(violations).toEqual([
      `no-feature-cycles: ${api}/features/payments → ${api}/features/reservations`,
      `no-feature-cycles: ${api}/features/reservations → ${api}/features/payments`,
    ])
  })

  it('warns about a source file that nothing running reaches', async () => {
    const violations = await cruise({
      [`${api}/server.ts`]: ['./app.ts'],
      [`${api}/app.ts`]: ['./features/quotes/quotes.routes.ts'],
      [`${api}/features/quotes/quotes.routes.ts`]: ['./quotes.queries.ts'],
      [`${api}/features/quotes/quotes.queries.ts`]: [],
      [`${api}/features/quotes/quote-cache.ts`]: ['./quotes.queries.ts'],
    })
    expect(violations).toEqual([`no-unreachable: ${api}/features/quotes/quote-cache.ts`])
  })

  it('refuses a module cycle, and a plugin or lib that imports a feature', async () => {
    const violations = await cruise({
      [`${api}/plugins/auth.ts`]: ['../features/auth/auth.queries.ts'],
      [`${api}/features/auth/auth.queries.ts`]: ['./tokens.ts'],
      [`${api}/features/auth/tokens.ts`]: ['./auth.queries.ts'],
      [`${api}/lib/uuid.ts`]: ['../features/quotes/quotes.queries.ts'],
      [`${api}/features/quotes/quotes.queries.ts`]: [],
    })
    expect(violations).toEqual([
      `infrastructure-not-to-features: ${api}/lib/uuid.ts → ${api}/features/quotes/quotes.queries.ts`,
      `infrastructure-not-to-features: ${api}/plugins/auth.ts → ${api}/features/auth/auth.queries.ts`,
      // One report per loop.
      `no-module-cycles: ${api}/features/auth/auth.queries.ts → ${api}/features/auth/tokens.ts`,
    ])
  })

  it('lets only the composition root import the Openpay sandbox, and the sandbox nothing of the product', async () => {
    const violations = await cruise({
      [`${api}/server.ts`]: ['./app.ts'],
      [`${api}/app.ts`]: [
        '../../openpay-sandbox/src/index.ts',
        './sandbox-account.ts',
        './features/payments/payments.routes.ts',
      ],
      [`${api}/sandbox-account.ts`]: ['../../openpay-sandbox/src/index.ts'],
      [`${api}/features/payments/payments.routes.ts`]: ['../../../../openpay-sandbox/src/charges.ts'],
      [`${sandbox}/index.ts`]: ['./charges.ts'],
      [`${sandbox}/charges.ts`]: ['../../api/src/db/errors.ts'],
      [`${api}/db/errors.ts`]: [],
    })
    expect(violations).toEqual([
      `sandbox-knows-no-product: ${sandbox}/charges.ts → ${api}/db/errors.ts`,
      `sandbox-only-from-composition: ${api}/features/payments/payments.routes.ts → ${sandbox}/charges.ts`,
    ])
  })

  it('lets the domain import itself and zod only: no app, no Node module, no framework', async () => {
    const violations = await cruise({
      [`${domain}/quotes/quote.ts`]: ['../shared/money.ts', 'zod'],
      [`${domain}/shared/money.ts`]: [],
      [`${domain}/bookings/hold.ts`]: ['../../../../apps/api/src/db/client.ts'],
      [`${api}/db/client.ts`]: [],
      [`${domain}/catalog/images.ts`]: ['node:fs', 'react'],
    })
    expect(violations).toEqual([
      `domain-imports-no-app: ${domain}/bookings/hold.ts → ${api}/db/client.ts`,
      `domain-is-pure: ${domain}/catalog/images.ts → fs`,
      `domain-is-pure: ${domain}/catalog/images.ts → react`,
    ])
  })

  it('lets the contracts import themselves and the domain only, and keeps the domain under them', async () => {
    const violations = await cruise({
      [`${contracts}/ssr.ts`]: ['./routes.ts', '../../domain/src/quotes/quote.ts'],
      [`${contracts}/routes.ts`]: [],
      [`${domain}/quotes/quote.ts`]: [],
      [`${contracts}/early-taps.ts`]: ['../../../apps/web/src/app/early-taps.tsx', 'node:fs', 'react'],
      [`${web}/app/early-taps.tsx`]: [],
      [`${domain}/shared/money.ts`]: ['../../../contracts/src/routes.ts'],
    })
    expect(violations).toEqual([
      `contracts-are-pure: ${contracts}/early-taps.ts → fs`,
      `contracts-are-pure: ${contracts}/early-taps.ts → react`,
      `contracts-import-no-app: ${contracts}/early-taps.ts → ${web}/app/early-taps.tsx`,
      `domain-is-pure: ${domain}/shared/money.ts → ${contracts}/routes.ts`,
    ])
  })

  it('counts a contracts file that nothing running reaches as dead', async () => {
    const violations = await cruise({
      [`${api}/server.ts`]: ['../../../packages/contracts/src/routes.ts'],
      [`${contracts}/routes.ts`]: [],
      [`${contracts}/old-routes.ts`]: ['./routes.ts'],
    })
    expect(violations).toEqual([`no-unreachable: ${contracts}/old-routes.ts`])
  })

  it('counts a domain file that nothing running reaches as dead, and leaves test fixtures alone', async () => {
    const violations = await cruise({
      [`${api}/server.ts`]: ['../../../packages/domain/src/quotes/index.ts'],
      [`${domain}/quotes/index.ts`]: ['./quote.ts'],
      [`${domain}/quotes/quote.ts`]: [],
      [`${domain}/quotes/old-quote.ts`]: ['./quote.ts'],
      [`${domain}/quotes/quote.fixtures.ts`]: ['./quote.ts'],
    })
    expect(violations).toEqual([`no-unreachable: ${domain}/quotes/old-quote.ts`])
  })

  it('keeps the API and the web apart: neither imports the other', async () => {
    // Even the page renderer's entry: the API loads the built renderer by its path at start (server.ts).
    const violations = await cruise({
      [`${api}/server.ts`]: ['./features/pages/pages.routes.ts'],
      [`${api}/features/pages/pages.routes.ts`]: ['../../../../web/src/ssr/entry-server.tsx'],
      [`${web}/ssr/entry-server.tsx`]: ['../features/bookings/checkout-form.tsx'],
      [`${web}/features/bookings/checkout-form.tsx`]: ['../../../../api/src/lib/uuid.ts'],
      [`${api}/lib/uuid.ts`]: [],
    })
    expect(violations).toEqual([
      `api-not-to-web: ${api}/features/pages/pages.routes.ts → ${web}/ssr/entry-server.tsx`,
      `web-not-to-api: ${web}/features/bookings/checkout-form.tsx → ${api}/lib/uuid.ts`,
    ])
  })

  it('lets the tools import the API, its test kits, the domain and the sandbox, and nothing import a tool', async () => {
    const violations = await cruise({
      [`${tools}/bench/harness.ts`]: [
        '../../apps/api/src/db/client.ts',
        '../../apps/api/src/test/factories.ts',
        '../../packages/domain/src/shared/money.ts',
        '../../apps/openpay-sandbox/src/index.ts',
      ],
      [`${api}/db/client.ts`]: [],
      [`${api}/test/factories.ts`]: [],
      [`${domain}/shared/money.ts`]: [],
      [`${sandbox}/index.ts`]: [],
      [`${api}/lib/uuid.ts`]: ['../../../../tools/bench/harness.ts'],
      [`${web}/lib/format.ts`]: ['../../../../tools/demo-photos/palette.ts'],
      [`${tools}/demo-photos/palette.ts`]: [],
    })
    expect(violations).toEqual([
      `product-not-to-tools: ${api}/lib/uuid.ts → ${tools}/bench/harness.ts`,
      `product-not-to-tools: ${web}/lib/format.ts → ${tools}/demo-photos/palette.ts`,
    ])
  })

  it('lets app/ use the server renderer, and refuses it to components, features and lib', async () => {
    const violations = await cruise({
      [`${web}/app/hydrate.tsx`]: ['../ssr/hydration-state.ts'],
      [`${web}/ssr/hydration-state.ts`]: [],
      [`${web}/components/seo/page-head.tsx`]: ['../../ssr/hydration-state.ts'],
      [`${web}/features/catalog/catalog.api.ts`]: ['../../ssr/server-routes.ts'],
      [`${web}/ssr/server-routes.ts`]: [],
      [`${web}/lib/config.ts`]: ['../ssr/state-id.ts'],
      [`${web}/ssr/state-id.ts`]: [],
    })
    expect(violations).toEqual([
      `not-to-composition: ${web}/components/seo/page-head.tsx → ${web}/ssr/hydration-state.ts`,
      `not-to-composition: ${web}/features/catalog/catalog.api.ts → ${web}/ssr/server-routes.ts`,
      `not-to-composition: ${web}/lib/config.ts → ${web}/ssr/state-id.ts`,
    ])
  })
})
