import { eq } from 'drizzle-orm'
import { first } from '../../db/rows'
import { DEFAULT_BRAND_RECORD } from '../../../schema/brand'
import type { Brand, BrandInput } from '../../../schema/brand'
import type { AppDatabase } from '../../db/database'
import { brandSettings } from '../../db/tables'

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

export interface WebManifest {
  name?: string
  short_name?: string
  description?: string
  theme_color?: string
  [key: string]: unknown
}

/** The built manifest with the brand's name, tagline and primary colour. */
export function brandedManifest(base: WebManifest, brand: Brand): WebManifest {
  return {
    ...base,
    name: brand.appName,
    short_name: brand.appName.slice(0, 12),
    ...(brand.tagline ? { description: brand.tagline } : {}),
    theme_color: brand.primaryColor,
  }
}
