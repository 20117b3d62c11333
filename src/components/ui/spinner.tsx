import './ui.css'

export function Spinner({ label = 'Loading', size = 32 }: { label?: string; size?: number }) {
  return (
    <span className="spinner" style={{ width: size, height: size }} role="img" aria-label={label}>
      <span className="spinner__ring" />
    </span>
  )
}

/** Full-screen 'Loading' state (route guard, lazy routes). */
export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-screen">
      <Spinner label={label} size={40} />
      <p className="loading-screen__text">{label}…</p>
    </div>
  )
}
