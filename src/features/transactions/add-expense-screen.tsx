import { describeAlert } from '../../../schema/calc/budget-alerts'
import { useUser } from '../../app/auth/auth-context'
import { useProfile } from '../../data/hooks'
import { budgetAlertsFor } from '../../data/budgets'
import type { TransactionDoc } from '../../data/transactions'
import { TransactionForm } from './transaction-form'

export default function AddExpenseScreen() {
  const user = useUser()
  const profile = useProfile()
  const currency = profile.data?.currency ?? user.currency ?? 'INR'
  // Spec part 1 §9: budget alerts are announced at 70 % and 90 % of the limit.
  const budgetAlert = async (saved: TransactionDoc) => {
    const alerts = await budgetAlertsFor(saved)
    return alerts.length > 0 ? alerts.map((a) => describeAlert(a, currency)).join('\n') : null
  }
  return <TransactionForm type="expense" followUp={budgetAlert} />
}
