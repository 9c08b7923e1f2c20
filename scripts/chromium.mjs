// Debian's Chromium and the flags every browser we start runs with: the end-to-end tests
// (e2e/playwright.config.ts), the measurements and benchmarks of scripts/ and the mail previews
// (tools/mail-previews/). Each adds what only it needs on top (bench:interaction keeps the page off the
// network with LOCAL_ONLY_ARG; Lighthouse opens its own remote-debugging port). ensure-chromium.mjs
// installs the browser. Plain data, no import: any script may load it before node_modules exist.

/** Debian's Chromium (apt-get install chromium): Playwright never downloads a browser. */
export const CHROMIUM = '/usr/bin/chromium'

/**
 * Headless, without Chromium's sandbox or the GPU, and with none of the browser's own traffic (QUIC,
 * first-run page, background requests, component updates, sync) beside what the page asks for.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** No network but this machine: any host other than 127.0.0.1 fails to resolve. */
export const LOCAL_ONLY_ARG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'

/** Playwright's launch options for Debian's Chromium: the shared flags, then `extraArgs`. */
export function chromiumLaunchOptions(extraArgs = []) {
  return { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] }
}
