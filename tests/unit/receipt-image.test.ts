import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeSteps, fitWithin, RECEIPT_LIMITS } from '../../schema/receipts/image-limits'
import { jpegHasApp1, sniffImageType } from '../../schema/receipts/sniff'

const side = fc.integer({ min: 1, max: 12_000 })

describe('receipt image limits', () => {
  it('fits any photo within the longest-side limit, keeping its shape and never enlarging it', () => {
    fc.assert(
      fc.property(side, side, fc.integer({ min: 1, max: 4000 }), (width, height, max) => {
        const out = fitWithin({ width, height }, max)
        expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(Math.max(max, 1))
        expect(out.width).toBeLessThanOrEqual(width)
        expect(out.height).toBeLessThanOrEqual(height)
        expect(Math.min(out.width, out.height)).toBeGreaterThanOrEqual(1)
        if (Math.max(width, height) <= max) expect(out).toEqual({ width, height })
        // Rounding moves each side by at most half a pixel (and at least 1 px is kept).
        else if (Math.min(out.width, out.height) > 1)
          expect(Math.abs(out.width * height - out.height * width)).toBeLessThanOrEqual((width + height) / 2 + 1e-6)
      }),
    )
  })

  it('tries encodings within 1600 px, largest first, sizes never growing, down to the smallest side', () => {
    fc.assert(
      fc.property(side, side, (width, height) => {
        const steps = encodeSteps({ width, height })
        expect(steps.length).toBeGreaterThan(0)
        let previous = Infinity
        for (const { size, quality } of steps) {
          const longest = Math.max(size.width, size.height)
          expect(longest).toBeLessThanOrEqual(RECEIPT_LIMITS.maxSide)
          expect(longest).toBeLessThanOrEqual(previous)
          expect(quality).toBeGreaterThan(0)
          expect(quality).toBeLessThanOrEqual(1)
          previous = longest
        }
        const last = steps.at(-1)!.size
        expect(Math.max(last.width, last.height)).toBeLessThanOrEqual(Math.max(RECEIPT_LIMITS.minSide, 1))
      }),
    )
  })

  it('a camera photo of 4000 × 3000 is first tried at 1600 × 1200', () => {
    expect(encodeSteps({ width: 4000, height: 3000 })[0]).toEqual({
      size: { width: 1600, height: 1200 },
      quality: RECEIPT_LIMITS.qualities[0],
    })
  })
})

describe('image sniffing', () => {
  it('knows JPEG, PNG and WebP by their bytes and nothing else', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png')
    const webp = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')
    expect(sniffImageType(webp)).toBe('image/webp')
    expect(sniffImageType(new TextEncoder().encode('<svg></svg>'))).toBeNull()
    expect(sniffImageType(new Uint8Array())).toBeNull()
  })

  it('finds an Exif APP1 segment in a JPEG and none after APP0 only', () => {
    const app0 = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xda, 0x00, 0x02]
    const app1 = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xe1, 0x00, 0x02, 0xff, 0xda]
    expect(jpegHasApp1(new Uint8Array(app0))).toBe(false)
    expect(jpegHasApp1(new Uint8Array(app1))).toBe(true)
  })
})
