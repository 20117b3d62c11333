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
// The back office: its own layout and chunks (spec part 2 §2).
const AdminShell = lazy(() => import('./admin/admin-shell'))
const AdminLoginScreen = lazy(() => import('../features/admin/admin-login-screen'))
const AdminDashboardScreen = lazy(() => import('../features/admin/admin-dashboard-screen'))
const AdminUsersScreen = lazy(() => import('../features/admin/admin-users-screen'))
const AdminUserScreen = lazy(() => import('../features/admin/admin-user-screen'))
const AdminTicketsScreen = lazy(() => import('../features/admin/admin-tickets-screen'))
const AdminTicketScreen = lazy(() => import('../features/admin/admin-ticket-screen'))
const AdminAnalyticsScreen = lazy(() => import('../features/admin/admin-analytics-screen'))
const BusinessScreen = lazy(() => import('../features/admin/business-screen'))
const BrandScreen = lazy(() => import('../features/admin/brand-screen'))
const HouseholdsScreen = lazy(() => import('../features/households/households-screen'))
const CreateHouseholdScreen = lazy(() => import('../features/households/create-household-screen'))
const HouseholdScreen = lazy(() => import('../features/households/household-screen'))
const HouseholdSettingsScreen = lazy(() => import('../features/households/household-settings-screen'))
const AddHouseholdExpenseScreen = lazy(() => import('../features/households/add-household-expense-screen'))
const SettleScreen = lazy(() => import('../features/households/settle-screen'))
const ReviewsScreen = lazy(() => import('../features/households/reviews-screen'))
const SupportScreen = lazy(() => import('../features/support/support-screen'))
const TicketsScreen = lazy(() => import('../features/support/tickets-screen'))
const NewTicketScreen = lazy(() => import('../features/support/new-ticket-screen'))
const TicketScreen = lazy(() => import('../features/support/ticket-screen'))
const DebtsScreen = lazy(() => import('../features/debts/debts-screen'))
const AddDebtScreen = lazy(() => import('../features/debts/add-debt-screen'))
const LoanDetailScreen = lazy(() => import('../features/debts/loan-detail-screen'))
const EditLoanScreen = lazy(() => import('../features/debts/edit-loan-screen'))
const PlannerScreen = lazy(() => import('../features/debts/planner-screen'))

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
              { path: '/households', element: <HouseholdsScreen /> },
              { path: '/households/create', element: <CreateHouseholdScreen /> },
              { path: '/households/reviews', element: <ReviewsScreen /> },
              { path: '/households/:id', element: <HouseholdScreen /> },
              { path: '/households/:id/settings', element: <HouseholdSettingsScreen /> },
              { path: '/households/:id/add-expense', element: <AddHouseholdExpenseScreen /> },
              { path: '/households/:id/settle', element: <SettleScreen /> },
              { path: '/support', element: <SupportScreen /> },
              { path: '/support/tickets', element: <TicketsScreen /> },
              { path: '/support/tickets/new', element: <NewTicketScreen /> },
              { path: '/support/tickets/:id', element: <TicketScreen /> },
              { path: '/debts', element: <DebtsScreen /> },
              { path: '/debts/add', element: <AddDebtScreen /> },
              { path: '/debts/planner', element: <PlannerScreen /> },
              { path: '/debts/:id', element: <LoanDetailScreen /> },
              { path: '/debts/:id/edit', element: <EditLoanScreen /> },
            ],
          },
        ],
      },
      { path: '/admin/login', element: page(<AdminLoginScreen />) },
      {
        element: page(<AdminShell />),
        errorElement: <RouteErrorFallback />,
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
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
])
