/** What a receipt photo is reduced to in the browser before it is kept and uploaded. */
export const RECEIPT_LIMITS = {
  /** Bytes of the encoded image. */
  maxBytes: 200 * 1024,
  /** Pixels of the longest side. */
  maxSide: 1600,
  /** The smallest longest side tried before giving up (a receipt is still readable at this size). */
  minSide: 480,
  /** Encoder qualities tried in order at each size. */
  qualities: [0.82, 0.7, 0.58, 0.46] as readonly number[],
  /** Each further size is this fraction of the previous one. */
  shrink: 0.75,
} as const

export interface Size {
  width: number
  height: number
}

/**
 * The size an image of `source` pixels is drawn at so its longest side is at most `maxSide`:
 * the aspect ratio kept (rounded), never enlarged, never below 1 px.
 */
export function fitWithin(source: Size, maxSide: number): Size {
  const longest = Math.max(source.width, source.height)
  if (longest <= maxSide) return { width: source.width, height: source.height }
  const scale = maxSide / longest
  return {
    width: Math.max(1, Math.min(maxSide, Math.round(source.width * scale))),
    height: Math.max(1, Math.min(maxSide, Math.round(source.height * scale))),
  }
}

export interface EncodeStep {
  size: Size
  quality: number
}

/**
 * The encodings to try, in order, until one is small enough: every quality at the largest
 * allowed size, then again at sizes shrinking by `shrink` down to `minSide`. Every step is within
 * `maxSide`, and sizes never grow.
 */
export function encodeSteps(source: Size, limits = RECEIPT_LIMITS): EncodeStep[] {
  const steps: EncodeStep[] = []
  let side = Math.min(limits.maxSide, Math.max(source.width, source.height))
  for (;;) {
    const size = fitWithin(source, side)
    for (const quality of limits.qualities) steps.push({ size, quality })
    if (side <= limits.minSide) break
    side = Math.max(limits.minSide, Math.floor(side * limits.shrink))
  }
  return steps
}
