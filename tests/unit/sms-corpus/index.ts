/** Every message of the corpus, in one list. */
import { CREDIT_CARDS, UPI_APPS } from './apps-cards'
import { BIG_FIVE, PRIVATE_AND_PAYMENTS, PSU_AND_NEW } from './banks'
import { MORE_BANKS } from './more-banks'
import { TYPED } from './typed'
import type { CorpusCase } from './types'

export const CORPUS: CorpusCase[] = [
  ...BIG_FIVE,
  ...PSU_AND_NEW,
  ...PRIVATE_AND_PAYMENTS,
  ...MORE_BANKS,
  ...UPI_APPS,
  ...CREDIT_CARDS,
  ...TYPED,
]
