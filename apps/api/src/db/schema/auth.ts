import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/* Accounts: clients, host profiles, operators, revoked sessions, password resets and e-mail verifications. */

/** A registered client (spec §3 user). Email is unique case-insensitively. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    /** '+52' and 10 digits, or null. */
    phone: text('phone'),
    /** argon2id (m = 19 MiB, t = 2, p = 1). */
    passwordHash: text('password_hash').notNull(),
    registrationMethod: text('registration_method').notNull().default('email'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    oauthGoogle: boolean('oauth_google').notNull().default(false),
    oauthFacebook: boolean('oauth_facebook').notNull().default(false),
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifySms: boolean('notify_sms').notNull().default(false),
    newsletter: boolean('newsletter').notNull().default(false),
    /** Sessions signed with an older epoch are void: a password reset or change bumps it. */
    sessionEpoch: integer('session_epoch').notNull().default(0),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('clients_email_idx').on(sql`lower(${table.email})`)],
)

/**
 * A client who hosts: the profile 'Publica tu cabaña' creates (one per client). Its row is the host
 * role: a client is a host exactly while this row exists. The CLABE where payouts go is sealed
 * (lib/secret-box.ts, context `host_profiles.clabe:<client id>`); its bank code and last 4 digits are
 * kept in clear, the only parts ever shown back.
 */
export const hostProfiles = pgTable(
  'host_profiles',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    /** '+52' and 10 digits. */
    phone: text('phone').notNull(),
    /** The 18 digits, sealed. */
    clabeSealed: text('clabe_sealed').notNull(),
    clabeBankCode: text('clabe_bank_code').notNull(),
    clabeLast4: text('clabe_last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('host_profiles_phone_check', sql`${table.phone} ~ '^\\+52[0-9]{10}$'`),
    check('host_profiles_clabe_bank_code_check', sql`${table.clabeBankCode} ~ '^[0-9]{3}$'`),
    check('host_profiles_clabe_last4_check', sql`${table.clabeLast4} ~ '^[0-9]{4}$'`),
  ],
)

export const OPERATOR_GRANT_SOURCES = ['command', 'OPERATOR_EMAILS'] as const
export type OperatorGrantSource = (typeof OPERATOR_GRANT_SOURCES)[number]

/**
 * Operators of the marketplace: a client is one exactly while its row exists. Written only by
 * `npm run operator` and the OPERATOR_EMAILS grant at start-up, never by a route.
 */
export const operators = pgTable(
  'operators',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    grantedBy: text('granted_by').$type<OperatorGrantSource>().notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('operators_granted_by_check', sql`${table.grantedBy} IN ('command', 'OPERATOR_EMAILS')`)],
)

/** Session tokens revoked before they expire (logout, refresh); shared by every API process. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('revoked_tokens_expires_idx').on(table.expiresAt)],
)

/** Password reset links: only the hash of the token is kept, and it expires. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_resets_client_idx').on(table.clientId)],
)

/**
 * 'Confirma tu correo' links: only the hash of the token is kept; it is single use and expires.
 * `email` is the address the link proves (the client's address when it was sent).
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /**
     * 'address': proves the client's own address (registration, resend); 'change': the new address
     * of a 'Cambiar correo', which the client takes when the link is used with its session.
     */
    purpose: text('purpose', { enum: ['address', 'change'] })
      .notNull()
      .default('address'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_verifications_client_idx').on(table.clientId)],
)
