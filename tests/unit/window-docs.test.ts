import fc from 'fast-check'
import { Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { liveSet$, type DocChange } from '../../src/data/window-docs'

interface Doc {
  id: string
  date: number
}

const inWindow = (d: Doc) => d.date >= 10 && d.date < 20

/** Changes of five ids: a new date (in or out of the window) or a delete. */
const change: fc.Arbitrary<DocChange<Doc>> = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.option(fc.integer({ min: 0, max: 30 })))
  .map(([n, date]) => ({ id: `t${n}`, data: date === null ? null : { id: `t${n}`, date } }))

function setup(stored: Doc[]) {
  const changes = new Subject<DocChange<Doc>>()
  const tasks: (() => void)[] = []
  let resolveRead: (docs: Doc[]) => void = () => undefined
  const emitted: Doc[][] = []
  const subscription = liveSet$<Doc>({
    changes,
    read: () => new Promise((resolve) => (resolveRead = () => resolve(stored))),
    idOf: (d) => d.id,
    matches: inWindow,
    schedule: (emit) => tasks.push(emit),
  }).subscribe((docs) => emitted.push(docs))
  const runTasks = () => tasks.splice(0).forEach((task) => task())
  return { changes, emitted, runTasks, read: () => resolveRead(stored), subscription }
}

function applyTo(state: Map<string, Doc>, c: DocChange<Doc>) {
  if (c.data) state.set(c.id, c.data)
  else state.delete(c.id)
}

const sorted = (docs: Doc[]) => [...docs].sort((a, b) => a.id.localeCompare(b.id))

describe('liveSet$ (a window of documents kept by change events)', () => {
  it('equals the matching last states after any changes, before, during and after the read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(change, { maxLength: 20 }),
        fc.array(change, { maxLength: 20 }),
        fc.array(change, { maxLength: 20 }),
        async (before, during, after) => {
          // The read sees the changes made before it; `during` races it (seen only as events).
          const state = new Map<string, Doc>()
          for (const c of before) applyTo(state, c)
          const live = setup([...state.values()].filter(inWindow))
          for (const c of during) live.changes.next(c)
          live.read()
          await Promise.resolve()
          for (const c of [...during, ...after]) applyTo(state, c)
          for (const c of after) live.changes.next(c)
          live.runTasks()
          expect(sorted(live.emitted.at(-1)!)).toEqual(sorted([...state.values()].filter(inWindow)))
          live.subscription.unsubscribe()
        },
      ),
    )
  })

  it('emits once per task however many changes the task made, and nothing after unsubscribing', async () => {
    const live = setup([{ id: 'a', date: 12 }])
    live.read()
    await Promise.resolve()
    expect(live.emitted).toHaveLength(1)
    for (let i = 0; i < 5000; i++) live.changes.next({ id: `n${i}`, data: { id: `n${i}`, date: 15 } })
    expect(live.emitted).toHaveLength(1) // not on the writing task
    live.runTasks()
    expect(live.emitted).toHaveLength(2)
    expect(live.emitted[1]).toHaveLength(5001)
    live.changes.next({ id: 'a', data: null })
    live.subscription.unsubscribe()
    live.runTasks()
    expect(live.emitted).toHaveLength(2)
  })
})
