/**
 * Message parser time per message (target p95 ≤ 1 ms): every corpus message (bank and UPI SMS of
 * every bank and app, typed messages) read with `readMessage` as the webhook and the app read it,
 * each timed alone, round after round. Baseline: one scan of the same text for its numbers
 * (`/\d[\d,.]*\/g`), the least any reader of amounts does.
 *
 * Standalone: `BENCH_ONLY=parser npm run bench` or `node --import tsx bench/parser.ts`.
 */
import { pathToFileURL } from 'node:url'
import { readMessage } from '../schema/parse/message'
import { CORPUS } from '../tests/unit/sms-corpus'
import { percentile, round } from './stats'

export interface ParserBench {
  messages: number
  samples: number
  p50: number
  p95: number
  max: number
  /** The slowest message's median over the rounds (p95s of single messages are mostly GC pauses). */
  worstMessageP50: number
  baselineP95: number
}

const NUMBERS = /\d[\d,.]*/g

export function benchParser(rounds = 200, warmup = 20): ParserBench {
  const texts = CORPUS.map((c) => c.text)
  const ours: number[] = []
  const raw: number[] = []
  const perMessage = texts.map(() => [] as number[])
  let sink = 0
  for (let round = 0; round < warmup + rounds; round++) {
    texts.forEach((text, i) => {
      const t0 = performance.now()
      const reading = readMessage(text)
      const t1 = performance.now()
      sink += reading.kind.length
      const t2 = performance.now()
      sink += text.match(NUMBERS)?.length ?? 0
      const t3 = performance.now()
      if (round < warmup) return
      ours.push(t1 - t0)
      raw.push(t3 - t2)
      perMessage[i]!.push(t1 - t0)
    })
  }
  if (sink < 0) throw new Error('unreachable: keeps the work from being optimised away')
  return {
    messages: texts.length,
    samples: ours.length,
    p50: round(percentile(ours, 50), 4),
    p95: round(percentile(ours, 95), 4),
    max: round(Math.max(...ours), 3),
    worstMessageP50: round(Math.max(...perMessage.map((t) => percentile(t, 50))), 4),
    baselineP95: round(percentile(raw, 95), 4),
  }
}

export function parserRow(r: ParserBench): string {
  return (
    `| message parser, per message, p95 (target ≤ 1 ms) | ${r.p95} ms (p50 ${r.p50} ms, slowest message's median ` +
    `${r.worstMessageP50} ms, max ${r.max} ms; ${r.messages} corpus messages × ${r.samples / r.messages} rounds; ` +
    `baseline, one scan for numbers: ${r.baselineP95} ms) |`
  )
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = benchParser()
  console.log(JSON.stringify(result, null, 2))
  console.log(parserRow(result))
}
