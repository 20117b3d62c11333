import {
  BarChart3,
  CalendarClock,
  Home,
  Landmark,
  List,
  MinusCircle,
  PlusCircle,
  Settings,
  Target,
  UserRound,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react'

/** Where a navigation item shows: the top navbar (wide screens) and/or the phone's bottom bar. */
export type NavPlace = 'top' | 'bottom'

export interface NavItem {
  to: string
  label: string
  /** A shorter label for the phone's bottom bar, where space is tight. */
  shortLabel?: string
  icon: LucideIcon
  places: readonly NavPlace[]
}

/**
 * The one list of signed-in navigation (spec part 1 §2 'Navigation chrome'). Only routes that
 * exist are listed; a later screen joins by adding its line here, e.g.
 * Reports (/reports, top + bottom), Chat (/chat, bottom), Profile (/profile, top + bottom),
 * Settings (/settings, top).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/home', label: 'Home', icon: Home, places: ['top', 'bottom'] },
  { to: '/add-expense', label: 'Add Expense', icon: MinusCircle, places: ['top'] },
  { to: '/add-income', label: 'Add Income', icon: PlusCircle, places: ['top'] },
  { to: '/reports', label: 'Reports', icon: BarChart3, places: ['top', 'bottom'] },
  { to: '/transactions', label: 'All Transactions', shortLabel: 'Transactions', icon: List, places: ['top', 'bottom'] },
  // Planning screens beyond the spec's navbar (phones reach them through Quick Actions).
  { to: '/budgets', label: 'Budgets', icon: Target, places: ['top'] },
  { to: '/fund-allocation', label: 'Your Money', icon: Wallet, places: ['top'] },
  { to: '/recurring-payments', label: 'Recurring', icon: CalendarClock, places: ['top'] },
  { to: '/debts', label: 'Debts', icon: Landmark, places: ['top'] },
  { to: '/households', label: 'Households', icon: Users, places: ['top'] },
  // Profile and Settings are one screen; on phones the bottom bar's Profile slot leads there.
  { to: '/profile', label: 'Profile', icon: UserRound, places: ['top', 'bottom'] },
  { to: '/settings', label: 'Settings', icon: Settings, places: ['top'] },
]

export function navItemsFor(place: NavPlace, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  return items.filter((item) => item.places.includes(place))
}

/**
 * How many nav items, in order, fit in one row of `room` pixels: all of them when they do, else as
 * many as leave room for a More button of width `more` that holds the rest. `gap` is the space
 * between neighbours.
 */
export function itemsThatFit(widths: readonly number[], room: number, more: number, gap: number): number {
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1)
  if (total <= room) return widths.length
  let used = more
  let count = 0
  for (const w of widths) {
    if (used + gap + w > room) break
    used += gap + w
    count += 1
  }
  return count
}

/** The bottom bar puts the Add button in the centre: the first half of the items left of it, the rest right. */
export function splitAroundAdd<T>(items: readonly T[]): { left: T[]; right: T[] } {
  const middle = Math.ceil(items.length / 2)
  return { left: items.slice(0, middle), right: items.slice(middle) }
}

export interface QuickAction {
  to: string
  label: string
  hint: string
  icon: LucideIcon
  tone: 'expense' | 'income' | 'neutral'
}

/**
 * The Quick Actions sheet (bottom bar's Add button and /add). Only actions whose screens exist
 * are listed.
 */
export const QUICK_ACTIONS: readonly QuickAction[] = [
  { to: '/add-expense', label: 'Add Expense', hint: 'Record money you spent', icon: MinusCircle, tone: 'expense' },
  { to: '/add-income', label: 'Add Income', hint: 'Record money you received', icon: PlusCircle, tone: 'income' },
  { to: '/budgets', label: 'Budgets & Goals', hint: 'Set limits and see what is left', icon: Target, tone: 'neutral' },
  // On phones the top nav is hidden: the planning screens are reached from here.
  { to: '/debts', label: 'Debts & Loans', hint: 'Loans, EMIs and a payoff plan', icon: Landmark, tone: 'neutral' },
  {
    to: '/fund-allocation',
    label: 'Your Money',
    hint: 'Income and what each budget gets',
    icon: Wallet,
    tone: 'neutral',
  },
  {
    to: '/recurring-payments',
    label: 'Recurring Payments',
    hint: 'Bills due next, Mark Paid',
    icon: CalendarClock,
    tone: 'neutral',
  },
  { to: '/households', label: 'Households', hint: 'Shared expenses, reviews, settle up', icon: Users, tone: 'neutral' },
]

/** Spec part 1 §9: navigation follows a quick action after 200 ms (the sheet closes first). */
export const QUICK_ACTION_DELAY_MS = 200

/** The route that opens the Quick Actions sheet over the home screen. */
export const QUICK_ACTIONS_PATH = '/add'
