import { build, type InlineConfig, type Rolldown } from 'vite'

/** The modules whose static imports make a server page's first view (absolute paths). */
export type FirstViewRoots = {
  /** The document's entry (main.tsx). */
  entry: string
  /** What the entry starts on every server page: the app (router, layout, providers). */
  app: string
  /**
   * The public pages, by the name their chunks carry (`page-cabin`, `page-home-destination`…): each
   * page's module and the modules it imports lazily as it starts (the header search).
   */
  pages: Record<string, string[]>
}

type OutputChunk = Rolldown.OutputChunk

/** Every chunk `from` imports statically, itself included. */
function chunkClosure(from: OutputChunk, byFile: Map<string, OutputChunk>): Set<OutputChunk> {
  const seen = new Set<OutputChunk>()
  const pending = [from]
  for (let chunk = pending.pop(); chunk !== undefined; chunk = pending.pop()) {
    if (seen.has(chunk)) continue
    seen.add(chunk)
    for (const file of chunk.imports) {
      const imported = byFile.get(file)
      if (imported) pending.push(imported)
    }
  }
  return seen
}

/**
 * Which first-view chunk each module belongs in, read from a build with rolldown's own chunks (nothing
 * written): a module the entry's chunks hold goes to `boot`, one the app's go to `app`, one a public page's
 * go to `page-` and the names of exactly the public pages that load it. The build is what makes this exact:
 * rolldown's chunks follow only the imports left after tree shaking, where the import graph also holds
 * every re-export of a barrel and every import of a function no page calls (a domain module's zod
 * schemas beside its rules). The root modules themselves keep their own chunks, and so does anything
 * only a lazy import reaches (the map, the checkout, a dialog's form).
 */
export async function planFirstViewChunks(config: InlineConfig, roots: FirstViewRoots) {
  const output = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false },
  })
  const outputs = Array.isArray(output) ? output : [output]
  const chunks = outputs
    .flatMap((result) => ('output' in result ? result.output : []))
    .filter((item): item is OutputChunk => item.type === 'chunk')
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const chunkOf = (root: string) => {
    const found =
      chunks.find((chunk) => chunk.facadeModuleId === root) ??
      chunks.find((chunk) => chunk.moduleIds.includes(root))
    if (!found) throw new Error(`first-view chunks: no chunk holds ${root}`)
    return found
  }
  const rootModules = new Set([roots.entry, roots.app, ...Object.values(roots.pages).flat()])
  const plan = new Map<string, string>()
  const assign = (chunk: OutputChunk, name: string) => {
    for (const id of chunk.moduleIds) if (!rootModules.has(id) && !plan.has(id)) plan.set(id, name)
  }
  const entry = chunkOf(roots.entry)
  for (const chunk of chunkClosure(entry, byFile)) if (chunk !== entry) assign(chunk, 'boot')
  for (const chunk of chunkClosure(chunkOf(roots.app), byFile)) assign(chunk, 'app')
  const pages = Object.entries(roots.pages).map(
    ([name, pageRoots]) =>
      [name, new Set(pageRoots.flatMap((root) => [...chunkClosure(chunkOf(root), byFile)]))] as const,
  )
  for (const chunk of new Set(pages.flatMap(([, closure]) => [...closure]))) {
    const names = pages.filter(([, closure]) => closure.has(chunk)).map(([name]) => name)
    assign(chunk, `page-${names.join('-')}`)
  }
  return plan
}
