import { createParser } from 'eventsource-parser'
import type { StreamEvent } from '../../schema/api/sync'

/** One thing a server-sent event stream said, in the order it said it. */
export type SseItem =
  { kind: 'event'; data: string } | { kind: 'comment'; text: string } | { kind: 'retry'; ms: number }

/**
 * Reads a fetch body of server-sent events with eventsource-parser, as the app does
 * (src/data/sse.ts), keeping the comments (': ping') and `retry:` the app leaves out.
 */
export function sseReader(body: ReadableStream<Uint8Array<ArrayBuffer>>) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader()
  const items: SseItem[] = []
  const parser = createParser({
    onEvent: ({ data }) => items.push({ kind: 'event', data }),
    onComment: (text) => items.push({ kind: 'comment', text }),
    onRetry: (ms) => items.push({ kind: 'retry', ms }),
  })
  return {
    async next(): Promise<SseItem> {
      for (;;) {
        const item = items.shift()
        if (item) return item
        const { value, done } = await reader.read()
        if (done) throw new Error('stream ended')
        parser.feed(value)
      }
    },
    /** The data of the next event (comments and `retry:` skipped). */
    async nextData(): Promise<string> {
      for (;;) {
        const item = await this.next()
        if (item.kind === 'event') return item.data
      }
    },
    /** The next event that is a change (not RESYNC, not a ping). */
    async nextChange(): Promise<StreamEvent> {
      for (;;) {
        const parsed: unknown = JSON.parse(await this.nextData())
        if (typeof parsed === 'object' && parsed !== null) return parsed as StreamEvent
      }
    },
  }
}
