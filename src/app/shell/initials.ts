/**
 * The avatar's initials (spec part 1 §2): the first two letters of the name, or of the e-mail
 * when there is no name, uppercased. Letters and digits count; spaces and punctuation are
 * skipped, so 'Asha Rao' gives 'AS' and 'j.doe@x.com' gives 'JD'.
 */
export function initials(nameOrEmail: string | null | undefined): string {
  const letters = Array.from((nameOrEmail ?? '').replace(/[^\p{L}\p{N}]/gu, ''))
  return letters.slice(0, 2).join('').toUpperCase() || 'U'
}
