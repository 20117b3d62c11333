import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { preloadRoute } from './app/router'
import { startThemeSync } from './lib/theme'
import './styles/theme.css'

startThemeSync()

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
// The page's own chunk first, so the first paint is the page rather than a loading screen. As a transition
// the first render yields to the browser every few milliseconds instead of blocking a slow phone's main thread.
void preloadRoute(window.location.pathname).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
)
