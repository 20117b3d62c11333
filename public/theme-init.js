// Runs before first paint so the page never flashes the wrong theme: the stored choice wins,
// else the system preference (spec part 1 §4). src/lib/theme.ts keeps it current afterwards.
// A separate file because the server's CSP forbids inline scripts.
/* global localStorage, document, window */
var theme = null
try {
  theme = localStorage.getItem('hisaab.theme')
} catch {
  // Storage can be blocked (private mode): fall back to the system preference.
}
if (theme !== 'light' && theme !== 'dark')
  theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
document.documentElement.dataset.theme = theme
