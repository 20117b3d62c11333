/** A form's or screen's problem as one line that screen readers announce; nothing when there is none. */
export function AlertLine({
  message,
  className = 'form-error',
}: {
  message: string | null | undefined
  className?: string
}) {
  return message ? (
    <p className={className} role="alert">
      {message}
    </p>
  ) : null
}
