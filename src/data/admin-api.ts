import { z } from 'zod'
import { AdminTicket, AdminTicketDetail, AdminUser, AdminUserDetail, Analytics } from '../../schema/api/admin'
import { Brand, type BrandInput } from '../../schema/brand'
import { apiFetch } from './http'

/** The back office's REST calls (spec part 2 §7); the server checks the admin role on each. */

type Token = string | null

export const fetchAnalytics = (token: Token, signal?: AbortSignal) =>
  apiFetch('/admin/analytics', Analytics, { token, signal })

export function fetchUsers(token: Token, search: string, signal?: AbortSignal): Promise<AdminUser[]> {
  const query = search.trim() ? `?${new URLSearchParams({ search: search.trim() })}` : ''
  return apiFetch(`/admin/users${query}`, z.array(AdminUser), { token, signal })
}

export const fetchUser = (token: Token, id: string, signal?: AbortSignal) =>
  apiFetch(`/admin/users/${encodeURIComponent(id)}`, AdminUserDetail, { token, signal })

export async function setSuspended(token: Token, id: string, suspended: boolean): Promise<AdminUser> {
  const action = suspended ? 'suspend' : 'reactivate'
  const { user } = await apiFetch(`/admin/users/${encodeURIComponent(id)}/${action}`, z.object({ user: AdminUser }), {
    method: 'POST',
    token,
  })
  return user
}

export function fetchTickets(token: Token, status: string, signal?: AbortSignal): Promise<AdminTicket[]> {
  const query = status === 'all' ? '' : `?${new URLSearchParams({ status })}`
  return apiFetch(`/admin/tickets${query}`, z.array(AdminTicket), { token, signal })
}

export const fetchTicket = (token: Token, id: string, signal?: AbortSignal) =>
  apiFetch(`/admin/tickets/${encodeURIComponent(id)}`, AdminTicketDetail, { token, signal })

export const replyToTicket = (token: Token, id: string, message: string) =>
  apiFetch(`/admin/tickets/${encodeURIComponent(id)}/messages`, AdminTicketDetail, {
    method: 'POST',
    token,
    body: { message },
  })

export const setTicketStatus = (token: Token, id: string, status: string) =>
  apiFetch(`/admin/tickets/${encodeURIComponent(id)}/status`, AdminTicketDetail, {
    method: 'PUT',
    token,
    body: { status },
  })

export const saveBrand = (token: Token, brand: BrandInput) =>
  apiFetch('/admin/brand', Brand, { method: 'PUT', token, body: brand })

export const resetBrand = (token: Token) => apiFetch('/admin/brand', Brand, { method: 'DELETE', token })
