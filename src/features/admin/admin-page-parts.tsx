/** An admin page's title and the line under it. */
export function AdminPageHeader({ title, lead }: { title: string; lead: string }) {
  return (
    <header className="admin-page__header">
      <h1>{title}</h1>
      <p className="admin-muted">{lead}</p>
    </header>
  )
}

/** "Error loading …" with a Try again that loads the page's data once more. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="admin-alert" role="alert">
      Error loading {what}{' '}
      <button type="button" className="admin-link-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
