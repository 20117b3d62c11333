import { Button } from '../../components/ui/button'
import { Sheet } from '../../components/ui/sheet'
import { QUICK_ACTIONS } from './nav-items'

interface Props {
  open: boolean
  onClose: () => void
  /** Called with the chosen route; the caller closes the sheet and navigates after the delay. */
  onPick: (to: string) => void
}

/** Spec part 1 §2: the Quick Actions sheet of the bottom bar's Add button and of /add. */
export function QuickActionsSheet({ open, onClose, onPick }: Props) {
  return (
    <Sheet open={open} onClose={onClose} title="Quick Actions" description="What would you like to do?">
      <ul className="quick-actions">
        {QUICK_ACTIONS.map((action) => {
          const Icon = action.icon
          return (
            <li key={action.to}>
              <button
                type="button"
                className={`quick-action quick-action--${action.tone}`}
                onClick={() => onPick(action.to)}
              >
                <span className="quick-action__icon" aria-hidden="true">
                  <Icon size={22} />
                </span>
                <span className="quick-action__text">
                  <span className="quick-action__label">{action.label}</span>
                  <span className="quick-action__hint">{action.hint}</span>
                </span>
              </button>
            </li>
          )
        })}
      </ul>
      <Button variant="outline" fullWidth onClick={onClose}>
        Cancel
      </Button>
    </Sheet>
  )
}
