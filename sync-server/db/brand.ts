import { eq } from 'drizzle-orm'
import { first } from './rows'
import { DEFAULT_BRAND_RECORD } from '../../schema/brand'
import type { Brand, BrandInput } from '../../schema/brand'
import type { AppDatabase } from './database'
import { brandSettings } from './tables'

const BRAND_ROW = 'brand'

/** The product's one brand record (no row = the defaults). */
export class BrandRepository {
  constructor(private readonly db: AppDatabase) {}

  async get(): Promise<Brand> {
    const row = await first(this.db.select().from(brandSettings).where(eq(brandSettings.id, BRAND_ROW)))
    if (!row) return DEFAULT_BRAND_RECORD
    const { appName, tagline, primaryColor, secondaryColor, updatedAt } = row
    return { appName, tagline, primaryColor, secondaryColor, updatedAt }
  }

  async save(input: BrandInput, adminId: string): Promise<Brand> {
    const values = { ...input, updatedBy: adminId, updatedAt: Math.max(Date.now(), (await this.get()).updatedAt + 1) }
    await this.db
      .insert(brandSettings)
      .values({ id: BRAND_ROW, ...values })
      .onConflictDoUpdate({ target: brandSettings.id, set: values })
    return this.get()
  }

  /** Back to the defaults; `updatedAt` still moves on, so caches see the change. */
  reset(adminId: string): Promise<Brand> {
    const { appName, tagline, primaryColor, secondaryColor } = DEFAULT_BRAND_RECORD
    return this.save({ appName, tagline, primaryColor, secondaryColor }, adminId)
  }
}
