/**
 * Several messages pasted at once: banks' SMS keep their own line breaks ("Sent Rs.450.00\nFrom
 * HDFC Bank…"), so messages are told apart by blank lines, or by the "[24/11/26, 9:30 pm] HDFC:"
 * heads a copied WhatsApp chat puts before each one.
 */

/** "[24/11/26, 9:30 pm] HDFC Bank: " or "24/11/26, 9:30 pm - VM-HDFCBK: " at a line's start. */
const CHAT_TIME = String.raw`\d{1,2}\/\d{1,2}\/\d{2,4},? \d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?`
const CHAT_HEAD = new RegExp(String.raw`^\s*(?:\[${CHAT_TIME}\]|${CHAT_TIME}\s+-)\s*[^:\n]{1,40}:\s*`, 'i')

/** The most messages one paste is read as (the rest are left out, and the caller says so). */
export const MAX_PASTED_MESSAGES = 50

/** The separate messages of a paste, trimmed, empty ones dropped. */
export function splitMessages(text: string): string[] {
  const messages: string[] = []
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n[^\S\n]*\n/)) {
    let current: string[] = []
    for (const line of block.split('\n')) {
      if (CHAT_HEAD.test(line) && current.length > 0) {
        messages.push(current.join('\n'))
        current = []
      }
      current.push(line.replace(CHAT_HEAD, ''))
    }
    messages.push(current.join('\n'))
  }
  return messages.map((m) => m.trim()).filter((m) => m.length > 0)
}
