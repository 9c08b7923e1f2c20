import { describe, expect, it } from 'vitest'
import { scriptJson } from './script-json'

describe('scriptJson', () => {
  it('writes no character that could end the script element or open a comment', () => {
    const text = scriptJson({ name: '</script><script>alert(1)</script>', note: '<!-- x' })
    expect(text).not.toContain('<')
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>', note: '<!-- x' })
  })

  it('escapes the line and paragraph separators and keeps their value', () => {
    const text = scriptJson('a\u2028b\u2029c')
    expect(text).toBe('"a\\u2028b\\u2029c"')
    expect(JSON.parse(text)).toBe('a\u2028b\u2029c')
  })
})
