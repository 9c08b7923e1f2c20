/**
 * What a signed-in client may be besides a guest: a host (has a host profile) and an operator of the
 * marketplace (granted from the command line or OPERATOR_EMAILS, never by a request).
 */
export const ROLES = ['host', 'operator'] as const
export type Role = (typeof ROLES)[number]
