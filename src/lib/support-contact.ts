/** Where people write when the app cannot help (public pages, support, login help). */
export const SUPPORT_EMAIL = 'support@hisaab.app'

/** Spec part 1 §9: the reply promise of support. */
export const SUPPORT_REPLY_HOURS = 24
