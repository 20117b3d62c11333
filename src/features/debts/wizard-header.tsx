import { ArrowLeft } from 'lucide-react'

/** The head of the loan wizard and the edit screen: a back arrow, a small line above, the title. */
export function WizardHeader(props: {
  onBack: () => void
  backLabel: string
  counter: string
  /** The wizard's counter is found by tests under this id. */
  counterTestId?: string
  title: string
}) {
  return (
    <header className="wizard__header">
      <button type="button" className="wizard__arrow" onClick={props.onBack} aria-label={props.backLabel}>
        <ArrowLeft size={22} aria-hidden="true" />
      </button>
      <div>
        <p className="wizard__counter" data-testid={props.counterTestId}>
          {props.counter}
        </p>
        <h1 className="wizard__title">{props.title}</h1>
      </div>
    </header>
  )
}
