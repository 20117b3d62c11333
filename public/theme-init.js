// The stored theme wins over the system preference (spec part 1 §4); runs before first paint.
// A separate file because the server's CSP forbids inline scripts.
/* global localStorage, document */
try {
  var theme = localStorage.getItem('hisaab.theme')
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme
} catch {
  // Storage can be blocked (private mode): fall back to the system preference.
}
