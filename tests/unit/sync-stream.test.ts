import { afterEach, describe, expect, it, vi } from 'vitest'
import { SyncStream, type StreamItem } from '../../src/data/sync-stream'

/** A stream response whose body is `frames`, then stays open until the reader is aborted. */
function sseResponse(frames: string[]): Response {
  const bytes = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(bytes.encode(frame))
    },
  })
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
}

function started(frames: string[]) {
  vi.stubGlobal('window', { addEventListener: () => undefined, removeEventListener: () => undefined })
  vi.stubGlobal('navigator', { onLine: true })
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(sseResponse(frames))),
  )
  const stream = new SyncStream(() => 'token')
  const seen: StreamItem[] = []
  stream.events('transactions').subscribe((item) => seen.push(item))
  stream.start()
  return { stream, seen }
}

afterEach(() => vi.unstubAllGlobals())

describe('the sync stream as the server writes it', () => {
  it("acts on the server's RESYNC frames, the one that opens the stream and one later, once each", async () => {
    const event = { collection: 'transactions', documents: [{ id: 'a' }], checkpoint: { seq: 7 } }
    const { stream, seen } = started([
      'retry: 3000\ndata: "RESYNC"\n\n',
      `data: ${JSON.stringify(event)}\n\n`,
      ': ping\n\n',
      'data: "RESYNC"\n\n',
    ])
    await vi.waitFor(() => expect(seen).toHaveLength(3))
    stream.stop()
    expect(seen).toEqual(['RESYNC', event, 'RESYNC'])
  })

  it('passes on only the events of the collection asked for, and ignores what it cannot read', async () => {
    const other = { collection: 'budgets', documents: [{ id: 'b' }], checkpoint: { seq: 8 } }
    const mine = { collection: 'transactions', documents: [{ id: 'c' }], checkpoint: { seq: 9 } }
    const { stream, seen } = started([
      'data: "RESYNC"\n\n',
      `data: ${JSON.stringify(other)}\n\n`,
      'data: {not json\n\n',
      'data: {"collection":"transactions"}\n\n',
      `data: ${JSON.stringify(mine)}\n\n`,
    ])
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    stream.stop()
    expect(seen).toEqual(['RESYNC', mine])
  })
})
