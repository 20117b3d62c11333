import { lazy, Suspense, type ReactNode } from 'react'
import { createBrowserRouter, Navigate } from 'react-router-dom'
import { LoadingScreen } from '../components/ui/spinner'
import { DemoEntry, PublicOnly, RequireAuth } from './auth/guards'
import { RouteErrorFallback } from './error-boundary'
import { RootLayout } from './shell/root-layout'

// Each screen is its own chunk; the signed-in shell pulls in the data layer (rxdb) lazily too.
const LoginScreen = lazy(() => import('../features/auth/login-screen'))
// Public pages and onboarding load no data code (rxdb): a first visit on a slow phone stays small.
const LandingScreen = lazy(() => import('../features/public/landing-screen'))
const HowItWorksScreen = lazy(() => import('../features/public/how-it-works-screen'))
const PrivacyScreen = lazy(() => import('../features/public/privacy-screen'))
const TermsScreen = lazy(() => import('../features/public/terms-screen'))
const ContactScreen = lazy(() => import('../features/public/contact-screen'))
const OnboardingScreen = lazy(() => import('../features/onboarding/onboarding-screen'))
const AppShell = lazy(() => import('./shell/app-shell'))
const HomeScreen = lazy(() => import('../features/home/home-screen'))
const AddExpenseScreen = lazy(() => import('../features/transactions/add-expense-screen'))
const AddIncomeScreen = lazy(() => import('../features/transactions/add-income-screen'))
const DashboardScreen = lazy(() => import('../features/dashboard/dashboard-screen'))
const TransactionsScreen = lazy(() => import('../features/transactions/transactions-screen'))
const ReportsScreen = lazy(() => import('../features/reports/reports-screen'))
const BudgetsScreen = lazy(() => import('../features/budgets/budgets-screen'))
const FundAllocationScreen = lazy(() => import('../features/fund-allocation/fund-allocation-screen'))
const RecurringScreen = lazy(() => import('../features/recurring/recurring-screen'))
const SettingsScreen = lazy(() => import('../features/settings/settings-screen'))
const SupportScreen = lazy(() => import('../features/support/support-screen'))
const TicketsScreen = lazy(() => import('../features/support/tickets-screen'))
const NewTicketScreen = lazy(() => import('../features/support/new-ticket-screen'))
const TicketScreen = lazy(() => import('../features/support/ticket-screen'))

const page = (node: ReactNode) => <Suspense fallback={<LoadingScreen />}>{node}</Suspense>

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
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
            element: page(<AppShell />),
            errorElement: <RouteErrorFallback />,
            children: [
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
              { path: '/support', element: <SupportScreen /> },
              { path: '/support/tickets', element: <TicketsScreen /> },
              { path: '/support/tickets/new', element: <NewTicketScreen /> },
              { path: '/support/tickets/:id', element: <TicketScreen /> },
            ],
          },
        ],
      },
      // The demo runs the real screens on sample data in memory (see DemoEntry).
      { path: '/demo', element: <DemoEntry to="/home" /> },
      { path: '/demo/reports', element: <DemoEntry to="/reports" /> },
      { path: '/demo/settings', element: <DemoEntry to="/settings" /> },
      { path: '/chat', element: <Navigate to="/support" replace /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
])
