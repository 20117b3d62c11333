import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sseEvents } from '../../src/data/sse'
import { sseReader, type SseItem } from '../server/sse-reader'

/**
 * What the server sends (sync-server/routes/sync.ts), with what other servers and proxies may send.
 * Not bare '\r' line ends: eventsource-parser 3 loses one cut at a piece's end (4 reads it, and needs
 * Node 22); our server ends lines with '\n'.
 */
const STREAM = [
  'retry: 3000\ndata: "RESYNC"\n\n',
  ': ping\n\n',
  'data: {"collection":"transactions","documents":[{"note":"₹98,76,543.21 चाय"}]}\n\n',
  'data: first line\ndata:second line\ndata\n\n',
  'event: change\r\nid: 7\r\ndata: crlf\r\n\r\n',
  'data: no blank line yet',
].join('')
const BYTES = new TextEncoder().encode(STREAM)

const EVENTS = [
  '"RESYNC"',
  '{"collection":"transactions","documents":[{"note":"₹98,76,543.21 चाय"}]}',
  'first line\nsecond line\n',
  'crlf',
]

/** The bytes as a fetch body that delivers them in pieces cut at `cuts`. */
function bodyOf(bytes: Uint8Array<ArrayBuffer>, cuts: number[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const ends = [...new Set(cuts)].filter((cut) => cut > 0 && cut < bytes.length).sort((a, b) => a - b)
  const pieces = [...ends, bytes.length].map((end, i) => bytes.slice(i === 0 ? 0 : ends[i - 1], end))
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece)
      controller.close()
    },
  })
}

async function appData(body: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<string[]> {
  const data: string[] = []
  const reader = sseEvents(body).getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) data.push(read.value.data)
  return data
}

async function testItems(body: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<SseItem[]> {
  const items: SseItem[] = []
  const reader = sseReader(body)
  for (;;) {
    try {
      items.push(await reader.next())
    } catch {
      return items
    }
  }
}

/** Cuts inside '₹' (three bytes), between '\r' and '\n', between the two '\n' of a frame, inside 'data:'. */
function awkwardCuts(): number[] {
  const encoder = new TextEncoder()
  const at = (text: string, offset = 0) => encoder.encode(STREAM.slice(0, STREAM.indexOf(text))).length + offset
  return [at('₹', 1), at('₹', 2), at('\r\n', 1), at('\n\n', 1), at('data: first', 2), at('ping', 1)]
}

describe('server-sent events read with fetch (eventsource-parser)', () => {
  it('gives each event’s data whole: comments and retry make none, multi-line data is joined', async () => {
    expect(await appData(bodyOf(BYTES, []))).toEqual(EVENTS)
  })

  it('gives the same events when the body arrives in pieces cut at awkward bytes', async () => {
    expect(await appData(bodyOf(BYTES, awkwardCuts()))).toEqual(EVENTS)
    const oneByOne = Array.from(BYTES, (_, i) => i)
    expect(await appData(bodyOf(BYTES, oneByOne))).toEqual(EVENTS)
  })

  it('gives the same events however the body is cut', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: BYTES.length }), { maxLength: 40 }), async (cuts) => {
        expect(await appData(bodyOf(BYTES, cuts))).toEqual(EVENTS)
      }),
    )
  })

  it('the tests’ reader also reports the retry field and comments, in order, however the body is cut', async () => {
    const expected: SseItem[] = [
      { kind: 'retry', ms: 3000 },
      { kind: 'event', data: EVENTS[0]! },
      { kind: 'comment', text: 'ping' },
      ...EVENTS.slice(1).map((data): SseItem => ({ kind: 'event', data })),
    ]
    expect(await testItems(bodyOf(BYTES, awkwardCuts()))).toEqual(expected)
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: BYTES.length }), { maxLength: 40 }), async (cuts) => {
        expect(await testItems(bodyOf(BYTES, cuts))).toEqual(expected)
      }),
    )
  })
})
