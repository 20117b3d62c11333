import { BarChart3, Briefcase, LayoutDashboard, LifeBuoy, Palette, Users, type LucideIcon } from 'lucide-react'

export interface AdminNavItem {
  to: string
  label: string
  icon: LucideIcon
  /** Active only on the exact path (the dashboard), not below it. */
  end?: boolean
}

/** Spec part 2 §2 'Admin navigation links'. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/tickets', label: 'Tickets', icon: LifeBuoy },
  { to: '/admin/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/admin/business', label: 'Business P&L', icon: Briefcase },
  { to: '/admin/brand', label: 'Brand Settings', icon: Palette },
]
