import { Amount } from '../../components/ui/amount'
import { MoneyContext, moneyFormat } from '../../lib/money-format'

/** The example is a message to the Indian WhatsApp number: rupees, whoever reads it. */
const RUPEES = moneyFormat('INR')

/** A WhatsApp exchange as it happens: the user's message and the app's 'Expense Added' reply (`amount` in paise). */
export function WhatsappExample({ message, amount, category }: { message: string; amount: number; category: string }) {
  return (
    <MoneyContext.Provider value={RUPEES}>
      <figure className="wa-example" aria-label={`Example: you send "${message}"`}>
        <p className="wa-example__bubble wa-example__bubble--out">{message}</p>
        <div className="wa-example__bubble wa-example__bubble--in">
          <strong>✅ Expense Added</strong>
          <span>
            <Amount value={amount} /> · {category}
          </span>
        </div>
      </figure>
    </MoneyContext.Provider>
  )
}
