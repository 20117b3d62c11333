import { describeAlert } from '../../../schema/calc/budget-alerts'
import { useMoney } from '../../data/use-money'
import { budgetAlertsFor } from '../../data/budgets'
import type { TransactionDoc } from '../../data/transactions'
import { TransactionForm } from './transaction-form'

export default function AddExpenseScreen() {
  const money = useMoney()
  // Spec part 1 §9: budget alerts are announced at 70 % and 90 % of the limit.
  const budgetAlert = async (saved: TransactionDoc) => {
    // Budgets are in the home currency: the expense and the spending count converted.
    const alerts = await budgetAlertsFor(saved, money)
    return alerts.length > 0 ? alerts.map((a) => describeAlert(a, money.currency)).join('\n') : null
  }
  return <TransactionForm type="expense" followUp={budgetAlert} />
}
