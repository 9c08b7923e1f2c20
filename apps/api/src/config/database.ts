import { z } from 'zod'
import { emptyToUndefined } from './env-field.ts'

/** Where the data lives (PostgreSQL or the embedded PGlite in DATA_DIR), the demo seed and the search index. */
export const DatabaseEnvSchema = z.object({
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL debe empezar con postgres:// o postgresql://')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  SEARCH_INDEX_MAX_STALENESS_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'SEARCH_INDEX_MAX_STALENESS_MS debe ser un número de milisegundos' })
      .int('SEARCH_INDEX_MAX_STALENESS_MS debe ser un número entero')
      .min(0, 'SEARCH_INDEX_MAX_STALENESS_MS no puede ser negativo')
      .max(60_000, 'SEARCH_INDEX_MAX_STALENESS_MS no puede pasar de 60000')
      .default(1000),
  ),
  /** Unset: 'auto' outside production, 'never' in production (no demo data in a real catalogue). */
  SEED: z.preprocess(emptyToUndefined, z.enum(['auto', 'never']).optional()),
})
