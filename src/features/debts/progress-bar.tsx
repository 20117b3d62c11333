/** A loan's repayment progress (0–1) as a labelled progressbar with the percent beside it. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(value * 1000) / 10
  return (
    <div className="loan-progress">
      <div
        className="loan-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="loan-progress__fill" style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <span className="loan-progress__text">{percent}% paid</span>
    </div>
  )
}
