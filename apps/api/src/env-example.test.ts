import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const read = (file: string) => readFileSync(path.resolve(import.meta.dirname, file), 'utf8')

describe('.env.example', () => {
  it('lists every variable config/ defines, each with a comment above it', () => {
    const files = readdirSync(path.resolve(import.meta.dirname, 'config'))
    const variables = files.flatMap((file) =>
      [...read(`config/${file}`).matchAll(/^ {2}([A-Z][A-Z0-9_]+): z\./gm)].map((m) => m[1]),
    )
    const example = read('../../../.env.example').split('\n')

    expect(variables.length).toBeGreaterThan(20)
    const missing = variables.filter((name) => {
      const line = example.findIndex((text) => new RegExp(`^(# )?${name}=`).test(text))
      if (line < 1) return true
      const above = example.slice(0, line).findLast((text) => !/^(# )?[A-Z][A-Z0-9_]+=/.test(text))
      return !above?.startsWith('# ')
    })
    expect(missing).toEqual([])
  })
})
