import {
  Briefcase,
  Building2,
  Car,
  GraduationCap,
  Heart,
  Home,
  Plane,
  Users,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react'
import type { HouseholdIcon } from '../../../schema/entities/household'
import type { HouseholdDoc } from '../../data/households'

/** The nine household icons (spec part 2 §3), each with the name a screen reader hears. */
export const ICONS: Record<HouseholdIcon, { icon: LucideIcon; label: string }> = {
  home: { icon: Home, label: 'Home' },
  building: { icon: Building2, label: 'Apartment' },
  users: { icon: Users, label: 'Group' },
  heart: { icon: Heart, label: 'Family' },
  briefcase: { icon: Briefcase, label: 'Work' },
  'graduation-cap': { icon: GraduationCap, label: 'Hostel' },
  utensils: { icon: UtensilsCrossed, label: 'Kitchen' },
  car: { icon: Car, label: 'Car pool' },
  plane: { icon: Plane, label: 'Trip' },
}

/** The household's icon on its colour: white on the colour's strong shade, so the contrast holds in both themes. */
export function HouseholdBadge({
  household,
  size = 44,
}: {
  household: Pick<HouseholdDoc, 'icon' | 'color'>
  size?: number
}) {
  const Icon = ICONS[household.icon].icon
  return (
    <span className="hh-badge" aria-hidden="true" style={{ background: household.color, width: size, height: size }}>
      <Icon size={Math.round(size * 0.5)} />
    </span>
  )
}

export function memberName(household: HouseholdDoc, userId: string): string {
  return household.members.find((m) => m.userId === userId)?.name ?? 'Former member'
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })

export function formatDay(ms: number): string {
  return dayFormat.format(ms)
}

export const REVIEW_PERIOD_LABELS: Record<number, string> = {
  6: '6 hours',
  12: '12 hours',
  24: '24 hours (recommended)',
  48: '48 hours',
  72: '72 hours',
}

export const METHOD_LABELS = { upi: 'UPI', bank_transfer: 'Bank transfer', cash: 'Cash', other: 'Other' } as const
