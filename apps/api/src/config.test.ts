import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('runs with no configuration at all: embedded database, port 3000, OpenStreetMap tiles', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      seed: 'auto',
    })
    expect(config.dataDir).toMatch(/\/data$/)
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined })
  })

  it('reads PostgreSQL and a port', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/cabanas', PORT: '8080' })
    expect(config).toMatchObject({ databaseUrl: 'postgres://u@db:5432/cabanas', port: 8080 })
  })

  it.each([
    [{ PORT: 'tres mil' }, 'PORT: PORT debe ser un número de puerto'],
    [{ PORT: '70000' }, 'PORT: PORT debe estar entre 0 y 65535'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL: DATABASE_URL debe empezar con postgres://'],
    [{ JWT_SECRET: 'corto' }, 'JWT_SECRET: JWT_SECRET debe tener al menos 32 caracteres'],
    [{ MAP_TILE_URL: 'https://tiles.example/{z}.png' }, 'MAP_TILE_URL: MAP_TILE_URL debe ser una URL'],
  ])('stops with a clear message on %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })
})
