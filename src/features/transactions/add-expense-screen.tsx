import { describeAlert } from '../../../schema/calc/budget-alerts'
import { useUser } from '../../lib/auth-context'
import { useProfile } from '../../data/hooks'
import { budgetAlertsFor } from '../../data/budgets'
import type { TransactionDoc } from '../../data/transactions'
import { TransactionForm } from './transaction-form'
import { displayCurrency } from '../../lib/display-currency'

export default function AddExpenseScreen() {
  const user = useUser()
  const profile = useProfile()
  const currency = displayCurrency(profile.data, user)
  // Spec part 1 §9: budget alerts are announced at 70 % and 90 % of the limit.
  const budgetAlert = async (saved: TransactionDoc) => {
    const alerts = await budgetAlertsFor(saved)
    return alerts.length > 0 ? alerts.map((a) => describeAlert(a, currency)).join('\n') : null
  }
  return <TransactionForm type="expense" followUp={budgetAlert} />
}
