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

  it('reads OPERATOR_EMAILS as lower-case addresses, none when unset', () => {
    expect(loadConfig({}).operatorEmails).toEqual([])
    expect(
      loadConfig({ OPERATOR_EMAILS: ' Ana@Cabanas.mx, beto@cabanas.mx,,ana@cabanas.mx ' }).operatorEmails,
    ).toEqual(['ana@cabanas.mx', 'beto@cabanas.mx'])
  })

  it.each(['ana', 'ana@cabanas.mx;beto@cabanas.mx', 'ana@cabanas.mx, beto', ' , '])(
    'refuses OPERATOR_EMAILS=%j with a Spanish message',
    (value) => {
      expect(() => loadConfig({ OPERATOR_EMAILS: value })).toThrow(
        /OPERATOR_EMAILS debe ser una lista de correos separados por comas/,
      )
    },
  )

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined })
  })

  it('reads PostgreSQL and a port', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/cabanas', PORT: '8080' })
    expect(config).toMatchObject({ databaseUrl: 'postgres://u@db:5432/cabanas', port: 8080 })
  })

  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://cabanas.example',
    PAYMENTS: 'sandbox',
    TRUST_PROXY: 'false',
    SECRETS_KEY: 'una-llave-de-secretos-de-al-menos-32-caracteres',
  }
  const realKeys = {
    OPENPAY_MERCHANT_ID: 'mzdtln0bmtms6o3kck8f',
    OPENPAY_PRIVATE_KEY: 'sk_e568c42a6c384b7ab02cd47d2e407cab',
    OPENPAY_PUBLIC_KEY: 'pk_1b1ad1e6d01d4e4b9b7f0ffb4e5f2c3d',
    OPENPAY_WEBHOOK_USER: 'openpay',
    OPENPAY_WEBHOOK_PASSWORD: 'una-clave-larga-de-webhook',
  }

  it('starts in production when everything is explicit, and seeds nothing by default', () => {
    expect(loadConfig(production)).toMatchObject({ seed: 'never', trustProxy: false })
    expect(
      loadConfig({ ...production, PAYMENTS: '', ...realKeys, OPENPAY_PRODUCTION: 'true' }).openpay,
    ).toMatchObject({
      mode: 'openpay',
      apiUrl: 'https://api.openpay.mx',
    })
  })

  it.each([
    [{ ...production, TRUST_PROXY: '' }, 'TRUST_PROXY'],
    [{ ...production, PAYMENTS: '', ...realKeys }, 'OPENPAY_PRODUCTION'],
    [{ ...production, OPENPAY_SANDBOX_FAULTS: 'true' }, 'OPENPAY_SANDBOX_FAULTS'],
    [{ ...production, ICAL_ALLOW_PRIVATE: 'true' }, 'ICAL_ALLOW_PRIVATE'],
    [{ ...production, PUBLIC_URL: 'http://' }, 'PUBLIC_URL'],
    [{ ...production, PUBLIC_URL: 'foo' }, 'PUBLIC_URL'],
    [{ ...production, PUBLIC_URL: 'http://cabanas.example' }, 'PUBLIC_URL debe empezar con https://'],
    [
      { ...production, PUBLIC_URL: 'http://localhost.cabanas.example' },
      'PUBLIC_URL debe empezar con https://',
    ],
    [{ ...production, PUBLIC_URL: 'http://10.0.0.5:3000' }, 'PUBLIC_URL debe empezar con https://'],
    [{ ...production, SECRETS_KEY: '' }, 'SECRETS_KEY'],
  ])('refuses an unsafe production configuration with a clear message: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(name)
  })

  it.each(['https://cabanas.example', 'http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000'])(
    'takes PUBLIC_URL %s in production (http only on this machine)',
    (url) => {
      expect(loadConfig({ ...production, PUBLIC_URL: url }).publicUrl).toBe(url)
    },
  )

  it('reads every imported calendar each 5 minutes by default, fractions allowed, private addresses refused', () => {
    expect(loadConfig({}).ical).toEqual({ pollIntervalMs: 300_000, allowPrivate: false })
    expect(loadConfig({ ICAL_POLL_MINUTES: '0.05', ICAL_ALLOW_PRIVATE: 'true' }).ical).toEqual({
      pollIntervalMs: 3000,
      allowPrivate: true,
    })
    expect(() => loadConfig({ ICAL_POLL_MINUTES: 'cinco' })).toThrow(/ICAL_POLL_MINUTES debe ser un número/)
    expect(() => loadConfig({ ICAL_POLL_MINUTES: '-1' })).toThrow(/ICAL_POLL_MINUTES no puede ser negativo/)
  })

  it('takes an http PUBLIC_URL outside production', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://cabanas.test' }).publicUrl).toBe('http://cabanas.test')
  })

  it.each([
    [{ PORT: 'tres mil' }, 'PORT: PORT debe ser un número de puerto'],
    [{ PORT: '70000' }, 'PORT: PORT debe estar entre 0 y 65535'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL: DATABASE_URL debe empezar con postgres://'],
    [{ JWT_SECRET: 'corto' }, 'JWT_SECRET: JWT_SECRET debe tener al menos 32 caracteres'],
    [{ SECRETS_KEY: 'corta' }, 'SECRETS_KEY: SECRETS_KEY debe tener al menos 32 caracteres'],
    [{ SECRETS_KEY_PREVIOUS: 'corta' }, 'SECRETS_KEY_PREVIOUS: SECRETS_KEY_PREVIOUS debe ser una lista'],
    [{ MAP_TILE_URL: 'https://tiles.example/{z}.png' }, 'MAP_TILE_URL: MAP_TILE_URL debe ser una URL'],
  ])('stops with a clear message on %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('reads the secrets key and the earlier ones; outside production a fixed one stands in', () => {
    const current = 'llave-actual-de-secretos-de-al-menos-32-caracteres'
    const older = [
      'llave-anterior-uno-de-al-menos-32-caracteres',
      'llave-anterior-dos-de-al-menos-32-caracteres',
    ]
    expect(loadConfig({ SECRETS_KEY: current, SECRETS_KEY_PREVIOUS: older.join(' , ') }).secretsKeys).toEqual(
      {
        current,
        previous: older,
      },
    )
    const fallback = loadConfig({}).secretsKeys
    expect(fallback.current.length).toBeGreaterThanOrEqual(32)
    expect(loadConfig({ NODE_ENV: 'test' }).secretsKeys).toEqual(fallback)
  })
})

describe('photo storage (STORAGE_URL)', () => {
  it('keeps photos in a folder under DATA_DIR when unset', () => {
    expect(loadConfig({ DATA_DIR: '/srv/cabanas' }).storage).toEqual({
      kind: 'local',
      dir: '/srv/cabanas/storage',
    })
  })

  it.each([
    ['s3://fotos-cabanas', { endpoint: null, bucket: 'fotos-cabanas', prefix: '' }],
    ['s3://fotos-cabanas/prod/', { endpoint: null, bucket: 'fotos-cabanas', prefix: 'prod/' }],
    ['http://127.0.0.1:9000/fotos', { endpoint: 'http://127.0.0.1:9000', bucket: 'fotos', prefix: '' }],
    [
      'https://minio.interno:9000/fotos/cabanas/mx',
      { endpoint: 'https://minio.interno:9000', bucket: 'fotos', prefix: 'cabanas/mx/' },
    ],
  ])('reads %s as a bucket, a prefix and an endpoint', (url, expected) => {
    const config = loadConfig({
      STORAGE_URL: url,
      STORAGE_ACCESS_KEY_ID: 'llave',
      STORAGE_SECRET_ACCESS_KEY: 'secreto',
    })
    expect(config.storage).toEqual({
      kind: 's3',
      ...expected,
      region: 'us-east-1',
      credentials: { accessKeyId: 'llave', secretAccessKey: 'secreto' },
    })
  })

  it('leaves credentials to the AWS chain when none are given, and reads the region', () => {
    expect(loadConfig({ STORAGE_URL: 's3://fotos', STORAGE_REGION: 'auto' }).storage).toMatchObject({
      region: 'auto',
      credentials: null,
    })
  })

  it.each([
    ['ftp://servidor/fotos', 'STORAGE_URL debe ser s3://bucket'],
    ['https://minio.interno:9000', 'el bucket va en minúsculas'],
    ['s3://Fotos_Mayusculas', 'el bucket va en minúsculas'],
    ['https://llave:secreto@minio.interno/fotos', 'STORAGE_URL no lleva credenciales'],
    ['https://minio.interno/fotos?x=1', 'STORAGE_URL debe ser s3://bucket'],
    ['https://minio.interno/fotos/con%20espacio', 'la carpeta solo lleva'],
    ['https://minio.interno/fotos/%2e%2e', 'el bucket va en minúsculas'],
    ['no es una url', 'STORAGE_URL debe ser s3://bucket'],
  ])('refuses %s with a Spanish message', (url, message) => {
    expect(() => loadConfig({ STORAGE_URL: url })).toThrow(ConfigError)
    expect(() => loadConfig({ STORAGE_URL: url })).toThrow(message)
  })

  it('refuses half a pair of credentials', () => {
    expect(() => loadConfig({ STORAGE_URL: 's3://fotos', STORAGE_ACCESS_KEY_ID: 'llave' })).toThrow(
      'STORAGE_ACCESS_KEY_ID y STORAGE_SECRET_ACCESS_KEY juntas',
    )
  })
})
