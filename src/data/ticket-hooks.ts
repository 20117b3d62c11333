import { useObservable, type Live } from './hooks'
import { ticket$, tickets$, type TicketDoc } from './tickets'

const NONE: TicketDoc[] = []

/** The user's tickets, newest first, live. */
export function useTickets(): Live<TicketDoc[]> {
  return useObservable(tickets$, NONE, [])
}

/** One ticket (null when it is not on this device), live. */
export function useTicket(id: string): Live<TicketDoc | null> {
  return useObservable(() => ticket$(id), null, [id])
}
