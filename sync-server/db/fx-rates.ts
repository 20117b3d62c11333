import { desc, eq } from 'drizzle-orm'
import type { FxDay } from '../../schema/money/fx-source'
import type { AppDatabase } from './database'
import { first } from './rows'
import { fxRates } from './tables'
import type { UnitOfWork } from './unit-of-work'

/** The rate source's history: one row per day and currency (tables.ts `fx_rates`). */
export class FxRatesRepository {
  constructor(
    private readonly db: AppDatabase,
    private readonly units: UnitOfWork,
  ) {}

  /** Stores one day's rates in one transaction, replacing that day's rows only. */
  save(day: FxDay): Promise<void> {
    return this.units.run(async () => {
      await this.db.delete(fxRates).where(eq(fxRates.date, day.date))
      const rows = Object.entries(day.rates).map(([currency, rate]) => ({
        date: day.date,
        base: day.base,
        currency,
        rate: String(rate),
      }))
      await this.db.insert(fxRates).values(rows)
    })
  }

  /** The latest day held, or null before the first good answer from the source. */
  async latest(): Promise<FxDay | null> {
    const newest = await first(
      this.db.select({ date: fxRates.date }).from(fxRates).orderBy(desc(fxRates.date)).limit(1),
    )
    return newest ? this.day(newest.date) : null
  }

  /** The rates held for `date`, or null. */
  async day(date: string): Promise<FxDay | null> {
    const rows = await this.db.select().from(fxRates).where(eq(fxRates.date, date))
    const head = rows[0]
    if (!head) return null
    const rates = Object.fromEntries(rows.map((row) => [row.currency, Number(row.rate)]))
    return { base: head.base, date, rates }
  }

  /** Every day held, oldest first. */
  async dates(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ date: fxRates.date }).from(fxRates).orderBy(fxRates.date)
    return rows.map((row) => row.date)
  }
}
