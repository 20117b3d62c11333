/**
 * The first `Intl.DateTimeFormat` a page makes loads the locale's calendar data, a long task on a slow
 * phone. Made in a task of its own while a screen's chunks download, that cost no longer lengthens the
 * evaluation of the chunk whose modules make their formatters at load.
 */
export function warmDateFormat(): void {
  setTimeout(() => new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric' }).format(0), 0)
}
