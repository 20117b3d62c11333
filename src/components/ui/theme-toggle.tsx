import { Moon, Sun } from 'lucide-react'
import { toggleTheme, useTheme } from '../../lib/theme'
import './ui.css'

/** Switches light and dark; the choice is stored and then wins over the system preference. */
export function ThemeToggle({ className }: { className?: string }) {
  const theme = useTheme()
  const next = theme === 'dark' ? 'light' : 'dark'
  return (
    <button
      type="button"
      className={['icon-btn', className].filter(Boolean).join(' ')}
      onClick={toggleTheme}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      {theme === 'dark' ? <Sun size={20} aria-hidden="true" /> : <Moon size={20} aria-hidden="true" />}
    </button>
  )
}
