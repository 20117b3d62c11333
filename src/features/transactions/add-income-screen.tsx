import { TransactionForm } from './transaction-form'

export default function AddIncomeScreen() {
  return <TransactionForm type="income" />
}
