import * as z from 'zod/mini'
import { HomeRecentRow, homeRecentRow } from '../../schema/home-view'
import { savedScreen } from './saved-screen'
import { savedScreenKey } from './saved-screen-keys'

/**
 * The head of /transactions as the user last saw it unfiltered: the newest rows and
 * the all-time totals, kept under their own id. A cold load of /transactions paints it while the
 * database opens (src/data/saved-screen.ts); all-time figures hold in any week or month.
 */

export const LEDGER_SNAPSHOT_VERSION = 1
/** More rows than a tall screen shows above the fold (each is 69 px high). */
export const LEDGER_SNAPSHOT_ROWS = 12
/** Twelve rows of 500-character descriptions fit, even with every character escaped twice over. */
export const LEDGER_SNAPSHOT_MAX_CHARS = 16_000

export const ledgerSnapshotKey = (userId: string) => savedScreenKey('ledger', userId)

const Paise = z.int()

export const LedgerSnapshot = z.object({
  version: z.literal(LEDGER_SNAPSHOT_VERSION),
  userId: z.string().check(z.minLength(1)),
  savedAt: z.number(),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  totals: z.object({ expenses: Paise, income: Paise, count: z.int().check(z.minimum(0)) }),
  rows: z.array(HomeRecentRow).check(z.maxLength(LEDGER_SNAPSHOT_ROWS)),
})
export type LedgerSnapshot = z.infer<typeof LedgerSnapshot>

export type LedgerSnapshotInput = Pick<LedgerSnapshot, 'currency' | 'totals'> & { rows: readonly HomeRecentRow[] }

const saved = savedScreen('ledger', LedgerSnapshot, LEDGER_SNAPSHOT_MAX_CHARS)

/** Saves the unfiltered list's head: its first rows (only the fields a row draws) and totals. */
export function writeLedgerSnapshot(userId: string, input: LedgerSnapshotInput, now: number): boolean {
  return saved.write({
    version: LEDGER_SNAPSHOT_VERSION,
    userId,
    savedAt: now,
    currency: input.currency,
    totals: input.totals,
    rows: input.rows.slice(0, LEDGER_SNAPSHOT_ROWS).map(homeRecentRow),
  })
}

/** The user's saved list head, or null (none, another user's, another version, or broken: removed). */
export const readLedgerSnapshot = (userId: string): LedgerSnapshot | null => saved.read(userId)
