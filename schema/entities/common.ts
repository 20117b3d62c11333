import { z } from 'zod'

/** Ids are client-made (`crypto.randomUUID()`); the bound keeps RxDB's primary-key index valid. */
export const Id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id')

/** Integer minor units (paise). */
export const Paise = z.number().int().min(-1e13).max(1e13)
export const PositivePaise = z.number().int().min(1).max(1e13)

/** Milliseconds since the epoch. */
export const Millis = z.number().int().min(0).max(1e14)

/** True when 'YYYY-MM-DD' names a day that exists (no 2024-02-30, no 0000-00-00), years 1900–9999. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** A calendar day, 'YYYY-MM-DD' (recurring due dates, loan start dates: no time of day). */
export const DayString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a YYYY-MM-DD date')
  .refine(isCalendarDay, 'That date does not exist')

/**
 * The `updatedAt` of a new version: `now`, but strictly after the version it replaces, so
 * last-writer-wins keeps it even when clocks disagree.
 */
export const nextVersion = (now: number, previous = 0): number => Math.max(now, previous + 1)

/**
 * The most a stored document may hold, in bytes of its JSON (UTF-8): the server refuses anything
 * larger on every write path. Above every entity's own bounds except a ticket's thread, which
 * has its own limits below this (ticket.ts).
 */
export const MAX_DOCUMENT_BYTES = 256 * 1024

/** The UTF-8 length of a string that JSON.stringify made (no lone surrogates: it escapes them). */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    // A surrogate pair is 4 bytes: 2 for each half.
    bytes += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3
  }
  return bytes
}

/** A document's size as the server stores and caps it: its JSON in UTF-8 bytes. */
export const documentBytes = (doc: unknown): number => utf8Length(JSON.stringify(doc))

/** Fields every replicated document carries. */
export const documentBase = {
  id: Id,
  ownerId: Id,
  updatedAt: Millis,
}

/**
 * Newest-first lists sort ascending on this inverted key: RxDB's Dexie storage uses an index
 * only for ascending sorts (DESIGN §3).
 */
export const INVERTED_BASE = 1e14
export const invertTime = (ms: number): number => INVERTED_BASE - ms
