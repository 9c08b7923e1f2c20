// The devices the bench taps with. `mobile` is Lighthouse's mobile profile (4× CPU slowdown, a slow 4G
// link, a touch screen) at the 375×812 viewport; `unthrottled` is the same phone without any
// emulation (the machine's own CPU and a local link); `desktop` is a 1366×768 window with a mouse, also
// unthrottled, where the results page shows its map column.

/** The link: 1.6 Mbps down, 750 kbps up, 150 ms added to each request. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
const CPU_SLOWDOWN = 4

const phone = {
  viewport: { width: 375, height: 812 },
  // Lighthouse's emulated phone: the screen density decides which photo size the page fetches.
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
}

const common = { locale: 'es-MX', timezoneId: 'America/Mexico_City' }

export const PROFILES = {
  mobile: {
    label: 'móvil (375×812, táctil, CPU 4×, 4G lenta)',
    context: { ...common, ...phone },
    device: 'phone',
    touch: true,
    throttle: { cpu: CPU_SLOWDOWN, network: SLOW_4G },
    // The targets are for this profile.
    targets: { fullByMs: 3000, inpMs: 200, ackMs: 100 },
  },
  unthrottled: {
    label: 'móvil sin limitar (375×812, táctil)',
    context: { ...common, ...phone },
    device: 'phone',
    touch: true,
    throttle: null,
    targets: null,
  },
  desktop: {
    label: 'escritorio (1366×768, ratón, sin limitar)',
    context: { ...common, viewport: { width: 1366, height: 768 } },
    device: 'desktop',
    touch: false,
    throttle: null,
    targets: null,
  },
}

/** Applies the profile's CPU and network emulation to a page before it navigates. */
export async function emulate(context, page, profile) {
  if (!profile.throttle) return
  const session = await context.newCDPSession(page)
  await session.send('Emulation.setCPUThrottlingRate', { rate: profile.throttle.cpu })
  await session.send('Network.enable')
  await session.send('Network.emulateNetworkConditions', profile.throttle.network)
}
