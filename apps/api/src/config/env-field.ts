/**
 * What every part of config/ shares: an empty variable counts as unset (`PORT=` is no port), and a
 * refusal is a ConfigError, whose message server.ts prints before it stops.
 */
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)

export class ConfigError extends Error {}
