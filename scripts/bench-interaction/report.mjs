// Sums up the taps of one control over its runs, prints a profile's table, and says which targets it
// misses.
import { loadavg } from 'node:os'

export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

const seconds = (ms) => (ms / 1000).toFixed(2)

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length === 0 ? null : sorted[Math.floor(sorted.length / 2)]
}

/**
 * When the full behaviour answered in one run: the time of the earliest tap from which every later tap
 * (in the order of the schedule) got the app's own behaviour. Null when the last tap did not.
 */
function firstFullAnswer(results) {
  const taps = results.filter((result) => result.kind !== 'not-there' && result.kind !== 'error')
  let first = null
  for (const tap of taps) {
    if (tap.kind !== 'hydrated') first = null
    else first ??= tap.tapAt ?? tap.plannedAt
  }
  return first
}

/** One row of the table from the results of every run (an array per run, in schedule order). */
export function summarise(control, runs) {
  const all = runs.flat()
  const count = (kind) => all.filter((result) => result.kind === kind).length
  const fulls = runs.map(firstFullAnswer)
  const inps = runs.map((results) => {
    const values = results.filter((result) => result.inp != null).map((result) => result.inp)
    return values.length > 0 ? Math.max(...values) : 0
  })
  const appeared = all.map((result) => result.firstThereAt).filter((value) => value != null)
  // A lost tap that landed beside the control (it moved between the last frame and the tap) is marked *.
  const lostAt = all
    .filter((result) => result.kind === 'lost')
    .map((result) => `${seconds(result.tapAt ?? result.plannedAt)}${result.onControl ? '' : '*'}`)
  return {
    page: control.page,
    control: control.name,
    taps: all.length - count('not-there') - count('error'),
    lost: count('lost'),
    notThere: count('not-there'),
    html: count('html'),
    replayed: count('replayed'),
    // The slowest mark of a kept tap (the early script's), over every run.
    ackMs: Math.max(0, ...all.filter((result) => result.kind === 'replayed').map((result) => result.ackMs)),
    errors: count('error'),
    errorMessages: [
      ...new Set(all.filter((result) => result.kind === 'error').map((result) => result.message)),
    ],
    appearsMs: median(appeared),
    // A run without any full answer counts as never: the median of the runs, never as infinity.
    fullMs: median(fulls.map((value) => value ?? Number.POSITIVE_INFINITY)),
    inpMs: median(inps),
    fcpMs: median(all.map((result) => result.fcp).filter((value) => value != null)),
    lostAt,
    outside: [...new Set(all.flatMap((result) => result.outside ?? []))],
  }
}

/** The targets a row misses; fast mode (CI) checks lost taps only. */
export function missesOf(row, profile, { fast }) {
  const misses = []
  if (row.lost > 0) misses.push(`${row.lost} toque(s) perdido(s)`)
  if (row.outside.length > 0) misses.push(`pidió fuera de la máquina: ${row.outside[0]}`)
  if (row.errors > 0) misses.push(`${row.errors} carga(s) sin medir (error)`)
  if (fast) return misses
  if (!Number.isFinite(row.fullMs)) misses.push('nunca respondió con su comportamiento completo')
  const targets = profile.targets
  if (!targets) return misses
  if (Number.isFinite(row.fullMs) && row.fullMs > targets.fullByMs)
    misses.push(`comportamiento completo a los ${seconds(row.fullMs)} s (> ${seconds(targets.fullByMs)} s)`)
  if (row.inpMs > targets.inpMs) misses.push(`INP ${Math.round(row.inpMs)} ms (> ${targets.inpMs} ms)`)
  if (row.ackMs > targets.ackMs)
    misses.push(`un toque guardado se marcó a los ${Math.round(row.ackMs)} ms (> ${targets.ackMs} ms)`)
  return misses
}

const secondsOrDash = (ms) => (ms == null ? '–' : Number.isFinite(ms) ? seconds(ms) : 'nunca')

/** Prints one profile's table. */
export function printTable(profile, rows, { runs, loadAtStart }) {
  console.log(`\n${profile.label}; ${runs === 1 ? '1 corrida' : `mediana de ${runs} corridas`}`)
  console.log(`Carga del sistema (1, 5, 15 min): al empezar ${loadAtStart}, al terminar ${loadAverage()}`)
  const header = [
    'página'.padEnd(10),
    'control'.padEnd(30),
    'toques',
    'perdidos',
    'no estaba',
    'HTML',
    'guardados',
    'marca máx (ms)',
    'aparece (s)',
    '1ª completa (s)',
    'INP máx (ms)',
    'FCP (s)',
  ]
  console.log(header.join(' | '))
  for (const row of rows) {
    console.log(
      [
        row.page.padEnd(10),
        row.control.padEnd(30),
        String(row.taps).padStart(6),
        String(row.lost).padStart(8),
        String(row.notThere).padStart(9),
        String(row.html).padStart(4),
        String(row.replayed).padStart(9),
        (row.replayed === 0 ? '–' : String(Math.round(row.ackMs))).padStart(14),
        secondsOrDash(row.appearsMs).padStart(11),
        secondsOrDash(row.fullMs).padStart(15),
        (row.inpMs === 0 ? '<16' : String(Math.round(row.inpMs))).padStart(12),
        secondsOrDash(row.fcpMs).padStart(7),
      ].join(' | '),
    )
  }
  for (const row of rows) {
    if (row.lostAt.length > 0)
      console.log(`  ${row.page} · ${row.control}: perdidos a los ${row.lostAt.join(', ')} s`)
    for (const message of row.errorMessages) console.log(`  ${row.page} · ${row.control}: error: ${message}`)
  }
}
