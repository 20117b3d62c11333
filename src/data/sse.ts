import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream'

/**
 * The events of a server-sent event stream read with fetch (whose body is bytes split anywhere):
 * decoded as UTF-8 and parsed by eventsource-parser. Comments (': ping') and `retry:` make no event.
 */
export function sseEvents(body: ReadableStream<Uint8Array<ArrayBuffer>>): ReadableStream<EventSourceMessage> {
  return body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream())
}
