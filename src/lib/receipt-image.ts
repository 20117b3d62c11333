import { encodeSteps, RECEIPT_LIMITS } from '../../schema/receipts/image-limits'

/** The types tried, smallest first where the browser can encode it (Safari's canvas cannot write WebP). */
const OUTPUT_TYPES = ['image/webp', 'image/jpeg'] as const

export class ReceiptImageError extends Error {}

/**
 * A photo reduced for keeping as a receipt: redrawn on a canvas (which leaves the camera's
 * location and other metadata behind) at most RECEIPT_LIMITS.maxSide px on its longest side,
 * encoded as WebP (else JPEG) at the best quality within RECEIPT_LIMITS.maxBytes.
 */
export async function reduceReceiptImage(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    throw new ReceiptImageError('This file is not a photo this browser can read.')
  }
  try {
    for (const type of OUTPUT_TYPES) {
      const blob = await smallestWithin(bitmap, type)
      if (blob) return blob
    }
  } finally {
    bitmap.close()
  }
  throw new ReceiptImageError('This photo could not be made small enough to keep as a receipt.')
}

async function smallestWithin(bitmap: ImageBitmap, type: string): Promise<Blob | null> {
  for (const step of encodeSteps({ width: bitmap.width, height: bitmap.height })) {
    const canvas = document.createElement('canvas')
    canvas.width = step.size.width
    canvas.height = step.size.height
    const context = canvas.getContext('2d')
    if (!context) return null
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, step.quality))
    // A browser that cannot write this type gives PNG instead: try the next type.
    if (!blob || blob.type !== type) return null
    if (blob.size <= RECEIPT_LIMITS.maxBytes) return blob
  }
  return null
}
