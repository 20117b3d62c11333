/** A WhatsApp exchange as it happens: the user's message and the app's 'Expense Added' reply. */
export function WhatsappExample({ message, amount, category }: { message: string; amount: string; category: string }) {
  return (
    <figure className="wa-example" aria-label={`Example: you send "${message}"`}>
      <p className="wa-example__bubble wa-example__bubble--out">{message}</p>
      <div className="wa-example__bubble wa-example__bubble--in">
        <strong>✅ Expense Added</strong>
        <span>
          {amount} · {category}
        </span>
      </div>
    </figure>
  )
}
