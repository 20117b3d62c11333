import type { ReceiptType } from '../entities/receipt'

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/**
 * The image type the bytes themselves say (their magic numbers), whatever a file name or a
 * Content-Type header claims; null for anything that is not a JPEG, PNG or WebP.
 */
export function sniffImageType(bytes: Uint8Array): ReceiptType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return null
}

/**
 * True when a JPEG carries an APP1 segment (Exif, where cameras put the location, or XMP).
 * Walks the segment headers up to the image data.
 */
export function jpegHasApp1(bytes: Uint8Array): boolean {
  let at = 2
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0
    if (marker === 0xe1) return true
    if (marker === 0xda || marker === 0xd9) return false
    at += 2 + (((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0))
  }
  return false
}

/** True when a WebP holds an EXIF or XMP chunk. */
export function webpHasMetadata(bytes: Uint8Array): boolean {
  let at = 12
  while (at + 8 <= bytes.length) {
    const tag = String.fromCharCode(...bytes.subarray(at, at + 4))
    if (tag === 'EXIF' || tag === 'XMP ') return true
    const size =
      (bytes[at + 4] ?? 0) | ((bytes[at + 5] ?? 0) << 8) | ((bytes[at + 6] ?? 0) << 16) | ((bytes[at + 7] ?? 0) << 24)
    at += 8 + size + (size % 2)
  }
  return false
}
