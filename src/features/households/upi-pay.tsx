import { ExternalLink } from 'lucide-react'
import { lazy, Suspense, useState, useSyncExternalStore } from 'react'
import { formatMoney, type Paise } from '../../../schema/money/money'
import { paymentReference } from '../../../schema/parse/reference'
import { settlementNote, upiPayLink } from '../../../schema/upi'
import { TextAreaField } from '../../components/ui/field'
import type { HouseholdDoc } from '../../data/households'
import { useMoney } from '../../data/use-money'
import './upi-pay.css'

const UpiQr = lazy(() => import('./upi-qr'))

/** Most banks cap one UPI payment to a person at ₹1,00,000. */
const UPI_P2P_LIMIT = 1_00_000_00
const WIDE = '(min-width: 768px)'

/** True on a screen wide enough to be a desktop's, where a phone scans a QR code instead of tapping a link. */
function useWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE)
      query.addEventListener('change', onChange)
      return () => query.removeEventListener('change', onChange)
    },
    () => window.matchMedia(WIDE).matches,
  )
}

/** Rupees as a UPI app will show them: paise only when there are any. */
const rupees = (paise: Paise) => formatMoney(paise, 'INR', { exact: true })

/** The pasted confirmation: its reference goes to the form's Transaction ID. */
function ConfirmationPaste({ onReference }: { onReference: (ref: string) => void }) {
  const [found, setFound] = useState<{ text: string; ref: string | undefined } | null>(null)
  const read = (text: string) => {
    const ref = text.trim() ? paymentReference(text) : undefined
    setFound(text.trim() ? { text, ref } : null)
    if (ref) onReference(ref)
  }
  const hint = !found
    ? 'After paying, paste the message your UPI app or bank shows: the reference fills in below.'
    : found.ref
      ? `Reference found: ${found.ref}`
      : 'No reference found in that text: type it in Transaction ID below.'
  return (
    <TextAreaField
      label="Paste the UPI confirmation (optional)"
      rows={2}
      maxLength={2000}
      value={found?.text ?? ''}
      hint={<span role="status">{hint}</span>}
      onChange={(e) => read(e.target.value)}
    />
  )
}

/**
 * Pay the person chosen by UPI: a `upi://pay` link that opens the phone's UPI app with their
 * UPI ID, the amount and a note naming the household, and its QR code on a wide screen. The app
 * never learns whether the payment went through: the payer records it below, the receiver confirms.
 */
export function UpiPay(props: {
  household: HouseholdDoc
  to: string
  /** The amount as typed in the form. */
  amountText: string
  onReference: (ref: string) => void
}) {
  const { household, to, onReference } = props
  const money = useMoney()
  const typed = money.fromEdit(props.amountText)
  const amount = typed !== null && typed > 0 ? typed : null
  const wide = useWide()
  const receiver = household.members.find((m) => m.userId === to)
  // UPI moves rupees only: amounts kept in another currency are not offered as a UPI payment.
  if (!receiver || money.currency !== 'INR') return null
  if (!receiver.upiId)
    return (
      <div className="hh-upi" data-testid="upi-missing">
        <p className="hh-upi__text">
          {receiver.name} hasn’t added a UPI ID yet. Ask them to add it in Settings → UPI ID, and a Pay by UPI button
          shows here. Paid another way? Record it below.
        </p>
      </div>
    )
  const note = settlementNote(household.name)
  const link = amount ? upiPayLink({ payee: receiver.upiId, name: receiver.name, amount, note }) : null
  return (
    <div className="hh-upi" data-testid="upi-pay">
      {link && amount ? (
        <>
          <a className="btn btn--primary btn--md btn--full" href={link} data-testid="upi-pay-link">
            <span className="btn__icon" aria-hidden="true">
              <ExternalLink size={18} />
            </span>
            Pay {rupees(amount)} by UPI
          </a>
          <p className="hh-upi__text">
            Opens GPay, PhonePe, Paytm or another UPI app with {receiver.name}’s UPI ID ({receiver.upiId}) and the
            amount filled in. Nothing is recorded until you record the payment below.
          </p>
          {amount > UPI_P2P_LIMIT ? (
            <p className="hh-upi__text hh-upi__warn">
              Most banks allow up to {rupees(UPI_P2P_LIMIT)} in one UPI payment: you may need to pay in parts.
            </p>
          ) : null}
          {wide ? (
            <Suspense fallback={<p className="hh-upi__text">Drawing the QR code…</p>}>
              <UpiQr link={link} label={`QR code to pay ${rupees(amount)} to ${receiver.name} by UPI`} />
            </Suspense>
          ) : null}
        </>
      ) : (
        <p className="hh-upi__text">
          Enter the amount to pay {receiver.name} by UPI ({receiver.upiId}).
        </p>
      )}
      <ConfirmationPaste onReference={onReference} />
    </div>
  )
}
