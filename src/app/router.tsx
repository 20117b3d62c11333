import { isValidElement, Suspense, type ReactNode } from 'react'
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom'
import { LoadingScreen } from '../components/ui/spinner'
import { DemoEntry, PublicOnly, RequireAuth } from './auth/guards'
import { pagePath } from '../data/use-saved-screen'
import { ErrorBoundary } from './error-boundary'
import { lazyScreen } from './lazy-screen'
import { afterPlaceholderPaint, placeholderAt } from './shell/page-placeholder'
import { RootLayout } from './shell/root-layout'

// Each screen is its own chunk; the signed-in shell pulls in the data layer (rxdb) lazily too.
const LoginScreen = lazyScreen(() => import('../features/auth/login-screen'))
// Public pages and onboarding load no data code (rxdb): a first visit on a slow phone stays small.
const LandingScreen = lazyScreen(() => import('../features/public/landing-screen'))
const HowItWorksScreen = lazyScreen(() => import('../features/public/how-it-works-screen'))
const PrivacyScreen = lazyScreen(() => import('../features/public/privacy-screen'))
const TermsScreen = lazyScreen(() => import('../features/public/terms-screen'))
const ContactScreen = lazyScreen(() => import('../features/public/contact-screen'))
const OnboardingScreen = lazyScreen(() => import('../features/onboarding/onboarding-screen'))
const AppShell = lazyScreen(() => import('./shell/app-shell'))
const HomeScreen = lazyScreen(() => import('../features/home/home-screen'))
const AddExpenseScreen = lazyScreen(() => import('../features/transactions/add-expense-screen'))
const AddIncomeScreen = lazyScreen(() => import('../features/transactions/add-income-screen'))
const DashboardScreen = lazyScreen(() => import('../features/dashboard/dashboard-screen'))
const TransactionsScreen = lazyScreen(() => import('../features/transactions/transactions-screen'))
const ReportsScreen = lazyScreen(() => import('../features/reports/reports-screen'))
const BudgetsScreen = lazyScreen(() => import('../features/budgets/budgets-screen'))
const FundAllocationScreen = lazyScreen(() => import('../features/fund-allocation/fund-allocation-screen'))
const RecurringScreen = lazyScreen(() => import('../features/recurring/recurring-screen'))
const SettingsScreen = lazyScreen(() => import('../features/settings/settings-screen'))
// The back office: its own layout and chunks (spec part 2 §2).
const AdminShell = lazyScreen(() => import('./admin/admin-shell'))
const AdminLoginScreen = lazyScreen(() => import('../features/admin/admin-login-screen'))
const AdminDashboardScreen = lazyScreen(() => import('../features/admin/admin-dashboard-screen'))
const AdminUsersScreen = lazyScreen(() => import('../features/admin/admin-users-screen'))
const AdminUserScreen = lazyScreen(() => import('../features/admin/admin-user-screen'))
const AdminTicketsScreen = lazyScreen(() => import('../features/admin/admin-tickets-screen'))
const AdminTicketScreen = lazyScreen(() => import('../features/admin/admin-ticket-screen'))
const AdminAnalyticsScreen = lazyScreen(() => import('../features/admin/admin-analytics-screen'))
const BusinessScreen = lazyScreen(() => import('../features/admin/business-screen'))
const BrandScreen = lazyScreen(() => import('../features/admin/brand-screen'))
const HouseholdsScreen = lazyScreen(() => import('../features/households/households-screen'))
const CreateHouseholdScreen = lazyScreen(() => import('../features/households/create-household-screen'))
const HouseholdScreen = lazyScreen(() => import('../features/households/household-screen'))
const HouseholdSettingsScreen = lazyScreen(() => import('../features/households/household-settings-screen'))
const AddHouseholdExpenseScreen = lazyScreen(() => import('../features/households/add-household-expense-screen'))
const RecurringExpenseScreen = lazyScreen(() => import('../features/households/recurring-expense-screen'))
const SettleScreen = lazyScreen(() => import('../features/households/settle-screen'))
const ReviewsScreen = lazyScreen(() => import('../features/households/reviews-screen'))
const SupportScreen = lazyScreen(() => import('../features/support/support-screen'))
const TicketsScreen = lazyScreen(() => import('../features/support/tickets-screen'))
const NewTicketScreen = lazyScreen(() => import('../features/support/new-ticket-screen'))
const TicketScreen = lazyScreen(() => import('../features/support/ticket-screen'))
const DebtsScreen = lazyScreen(() => import('../features/debts/debts-screen'))
const AddDebtScreen = lazyScreen(() => import('../features/debts/add-debt-screen'))
const LoanDetailScreen = lazyScreen(() => import('../features/debts/loan-detail-screen'))
const EditLoanScreen = lazyScreen(() => import('../features/debts/edit-loan-screen'))
const PlannerScreen = lazyScreen(() => import('../features/debts/planner-screen'))
const NotFoundScreen = lazyScreen(() => import('./not-found'))

const page = (node: ReactNode) => <Suspense fallback={<LoadingScreen />}>{node}</Suspense>
/** A frame whose render failure shows the error fallback inside the page's outer providers. */
const frame = (node: ReactNode) => <ErrorBoundary>{page(node)}</ErrorBoundary>

/** The signed-in screens, inside the app shell and its data gate. */
const appScreens: RouteObject[] = [
  { path: '/home', element: <HomeScreen /> },
  // /add is the home screen with the Quick Actions sheet open (the shell opens it).
  { path: '/add', element: <HomeScreen /> },
  { path: '/add-expense', element: <AddExpenseScreen /> },
  { path: '/add-income', element: <AddIncomeScreen /> },
  { path: '/home-old', element: <DashboardScreen /> },
  { path: '/transactions', element: <TransactionsScreen /> },
  { path: '/reports', element: <ReportsScreen /> },
  { path: '/budgets', element: <BudgetsScreen /> },
  { path: '/fund-allocation', element: <FundAllocationScreen /> },
  { path: '/recurring-payments', element: <RecurringScreen /> },
  { path: '/settings', element: <SettingsScreen /> },
  { path: '/profile', element: <SettingsScreen /> },
  { path: '/households', element: <HouseholdsScreen /> },
  { path: '/households/create', element: <CreateHouseholdScreen /> },
  { path: '/households/reviews', element: <ReviewsScreen /> },
  { path: '/households/:id', element: <HouseholdScreen /> },
  { path: '/households/:id/settings', element: <HouseholdSettingsScreen /> },
  { path: '/households/:id/add-expense', element: <AddHouseholdExpenseScreen /> },
  { path: '/households/:id/settle', element: <SettleScreen /> },
  { path: '/households/:id/recurring/new', element: <RecurringExpenseScreen /> },
  { path: '/households/:id/recurring/:ruleId', element: <RecurringExpenseScreen /> },
  { path: '/support', element: <SupportScreen /> },
  { path: '/support/tickets', element: <TicketsScreen /> },
  { path: '/support/tickets/new', element: <NewTicketScreen /> },
  { path: '/support/tickets/:id', element: <TicketScreen /> },
  { path: '/debts', element: <DebtsScreen /> },
  { path: '/debts/add', element: <AddDebtScreen /> },
  { path: '/debts/planner', element: <PlannerScreen /> },
  { path: '/debts/:id', element: <LoanDetailScreen /> },
  { path: '/debts/:id/edit', element: <EditLoanScreen /> },
]

// Declarative routes (useRoutes), not a data router: the app uses no loaders or actions, and the data
// router's code (about 18 KB gzipped) would load before every first paint.
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          // A signed-in visitor to / goes to /home (PublicOnly).
          { path: '/', element: page(<LandingScreen variant="light" />) },
          { path: '/login', element: page(<LoginScreen />) },
        ],
      },
      { path: '/old', element: page(<LandingScreen variant="dark" />) },
      { path: '/how-it-works', element: page(<HowItWorksScreen />) },
      { path: '/privacy', element: page(<PrivacyScreen />) },
      { path: '/terms', element: page(<TermsScreen />) },
      { path: '/contact', element: page(<ContactScreen />) },
      { path: '/signup', element: <Navigate to="/onboarding" replace /> },
      { path: '/onboarding', element: page(<OnboardingScreen />) },
      {
        element: <RequireAuth />,
        children: [
          {
            element: frame(<AppShell />),
            children: appScreens,
          },
        ],
      },
      { path: '/admin/login', element: page(<AdminLoginScreen />) },
      {
        element: frame(<AdminShell />),
        children: [
          { path: '/admin', element: <AdminDashboardScreen /> },
          { path: '/admin/users', element: <AdminUsersScreen /> },
          { path: '/admin/users/:id', element: <AdminUserScreen /> },
          { path: '/admin/tickets', element: <AdminTicketsScreen /> },
          { path: '/admin/tickets/:id', element: <AdminTicketScreen /> },
          { path: '/admin/analytics', element: <AdminAnalyticsScreen /> },
          { path: '/admin/business', element: <BusinessScreen /> },
          { path: '/admin/brand', element: <BrandScreen /> },
        ],
      },
      // The demo runs the real screens on sample data in memory (see DemoEntry).
      { path: '/demo', element: <DemoEntry to="/home" /> },
      { path: '/demo/reports', element: <DemoEntry to="/reports" /> },
      { path: '/demo/settings', element: <DemoEntry to="/settings" /> },
      { path: '/chat', element: <Navigate to="/support" replace /> },
      { path: '*', element: page(<NotFoundScreen />) },
    ],
  },
]

type Preloadable = { preload: () => Promise<unknown> }
/** Pages a first visit opens on: main.tsx loads the current one's chunk before the first render. */
const FIRST_SCREENS: Record<string, Preloadable> = {
  '/': LandingScreen,
  '/login': LoginScreen,
  '/how-it-works': HowItWorksScreen,
  '/privacy': PrivacyScreen,
  '/terms': TermsScreen,
  '/contact': ContactScreen,
  '/onboarding': OnboardingScreen,
}
/** The signed-in frame's chunks, fetched alongside the entry's first render (which waits for auth and data). */
const FRAME_SCREENS: Record<string, Preloadable[]> = {
  // The demo's data code loads after its frame has painted (AppShell); its home screen with it.
  '/demo': [AppShell],
}
/**
 * A signed-in page's first render waits for the frame and the page area's stand-in (no data layer
 * in either): the first paint is then the user's saved screen on /home and /transactions, a spinner
 * elsewhere, and no Suspense fallback that React would keep up at least 300 ms once shown. There
 * the page's own chunk (with rxdb) loads once that has painted.
 */
function signedInFrame(path: string): Preloadable[] {
  const placeholder = placeholderAt(path)
  return placeholder ? [AppShell, placeholder] : [AppShell]
}
/** The page area's data layer (rxdb, the schemas), which the app shell loads as its own chunk. */
const DATA_GATE: Preloadable = { preload: () => import('./shell/user-data-gate') }

const settle = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    () => undefined,
  )

/** The screen a signed-in path renders in the app shell (its leaf route's lazy screen), if any. */
function appScreenAt(path: string): Preloadable | null {
  const element = matchRoutes(appScreens, path)?.at(-1)?.route.element
  const screen = isValidElement(element) ? (element.type as Partial<Preloadable>) : null
  return typeof screen?.preload === 'function' ? (screen as Preloadable) : null
}

/** Starts the chunks the path's first screen needs; resolves (never rejects) once a page's own chunk is in. */
export function preloadRoute(pathname: string): Promise<void> {
  const path = pagePath(pathname)
  for (const screen of FRAME_SCREENS[path] ?? []) screen.preload().catch(() => undefined)
  const appScreen = appScreenAt(path)
  if (appScreen) {
    // The frame first; the data layer and the page's own chunk alongside, not one after another.
    // They wait for a saved screen to paint (afterPlaceholderPaint).
    void afterPlaceholderPaint().then(() => {
      for (const chunk of [DATA_GATE, appScreen]) chunk.preload().catch(() => undefined)
    })
    return settle(Promise.all(signedInFrame(path).map((screen) => screen.preload())))
  }
  const page = FIRST_SCREENS[path]
  return page ? settle(page.preload()) : Promise.resolve()
}

/** Where a new device's user goes first: the landing screen and the list of entries. */
const FIRST_STOPS = ['/home', '/transactions'] as const

/**
 * Signing in: the frame, the data layer and the first screens' chunks are fetched and run while
 * the server checks the password, so the database opens as soon as the answer is in instead of
 * after three chunks loaded one after another.
 */
export function preloadSignedIn(): void {
  const screens = FIRST_STOPS.map(appScreenAt)
  for (const chunk of [...signedInFrame(FIRST_STOPS[0]), DATA_GATE, ...screens]) chunk?.preload().catch(() => undefined)
}

/** The sign-in answer is in: the user's database opens alongside the frame's first render. */
export function openSignedIn(): void {
  import('../data/database').then(
    (data) => data.openSignedInData(),
    () => undefined,
  )
}

export function AppRoutes() {
  return useRoutes(routes)
}
