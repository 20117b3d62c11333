import { TransactionForm } from './transaction-form'

export default function AddExpenseScreen() {
  return <TransactionForm type="expense" />
}
