import { createContext } from 'react'

/**
 * Where a frame keeps a place for the Help button (the signed-in top bar, the public pages'
 * footer): the frame hands the element up (a callback ref), and the root layout puts the Help
 * widget there instead of floating it over the page, where it covered amounts and buttons on a phone.
 */
export const HelpSlotContext = createContext<(slot: HTMLElement | null) => void>(() => undefined)
