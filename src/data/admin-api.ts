import type {
  AdminTicket,
  AdminTicketDetail,
  AdminUser,
  AdminUserDetail,
  Analytics,
} from '../../schema/api/admin'
import type { Brand, BrandInput } from '../../schema/brand'
import { apiFetch } from './http'

/** The back office's REST calls (spec part 2 §7); the server checks the admin role on each. */

type Token = string | null

export const fetchAnalytics = (token: Token, signal?: AbortSignal) =>
  apiFetch<Analytics>('/admin/analytics', { token, signal })

export function fetchUsers(token: Token, search: string, signal?: AbortSignal): Promise<AdminUser[]> {
  const query = search.trim() ? `?${new URLSearchParams({ search: search.trim() })}` : ''
  return apiFetch<AdminUser[]>(`/admin/users${query}`, { token, signal })
}

export const fetchUser = (token: Token, id: string, signal?: AbortSignal) =>
  apiFetch<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`, { token, signal })

export async function setSuspended(token: Token, id: string, suspended: boolean): Promise<AdminUser> {
  const action = suspended ? 'suspend' : 'reactivate'
  const { user } = await apiFetch<{ user: AdminUser }>(`/admin/users/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    token,
  })
  return user
}

export function fetchTickets(token: Token, status: string, signal?: AbortSignal): Promise<AdminTicket[]> {
  const query = status === 'all' ? '' : `?${new URLSearchParams({ status })}`
  return apiFetch<AdminTicket[]>(`/admin/tickets${query}`, { token, signal })
}

export const fetchTicket = (token: Token, id: string, signal?: AbortSignal) =>
  apiFetch<AdminTicketDetail>(`/admin/tickets/${encodeURIComponent(id)}`, { token, signal })

export const replyToTicket = (token: Token, id: string, message: string) =>
  apiFetch<AdminTicketDetail>(`/admin/tickets/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    token,
    body: { message },
  })

export const setTicketStatus = (token: Token, id: string, status: string) =>
  apiFetch<AdminTicketDetail>(`/admin/tickets/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    token,
    body: { status },
  })

export const saveBrand = (token: Token, brand: BrandInput) =>
  apiFetch<Brand>('/admin/brand', { method: 'PUT', token, body: brand })

export const resetBrand = (token: Token) => apiFetch<Brand>('/admin/brand', { method: 'DELETE', token })
