import { lazy, Suspense, type ReactNode } from 'react'
import { createBrowserRouter, Navigate } from 'react-router-dom'
import { LoadingScreen } from '../components/ui/spinner'
import { DemoEntry, IndexRedirect, PublicOnly, RequireAuth } from './auth/guards'
import { RouteErrorFallback } from './error-boundary'
import { RootLayout } from './shell/root-layout'

// Each screen is its own chunk; the signed-in shell pulls in the data layer (rxdb) lazily too.
const LoginScreen = lazy(() => import('../features/auth/login-screen'))
const SignupScreen = lazy(() => import('../features/auth/signup-screen'))
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
      { path: '/', element: <IndexRedirect /> },
      {
        element: <PublicOnly />,
        children: [
          { path: '/login', element: page(<LoginScreen />) },
          { path: '/signup', element: page(<SignupScreen />) },
        ],
      },
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
              { path: '/debts', element: <DebtsScreen /> },
              { path: '/debts/add', element: <AddDebtScreen /> },
              { path: '/debts/planner', element: <PlannerScreen /> },
              { path: '/debts/:id', element: <LoanDetailScreen /> },
              { path: '/debts/:id/edit', element: <EditLoanScreen /> },
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
