import { createElement as h, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Button, type ButtonSize, type ButtonVariant } from '../../src/components/ui/button'
import { Card } from '../../src/components/ui/card'
import { Sheet } from '../../src/components/ui/sheet'
import { Switch, switchClickValue } from '../../src/components/ui/switch'

/**
 * What assistive technology and a user get from the markup: the outer element's tag and
 * attributes (classes left out: how it looks is checked by the browser tests' screenshots and
 * axe), and its text.
 */
function rendered(node: ReactNode) {
  const markup = renderToStaticMarkup(node)
  const open = /^<(\w+)([^>]*)>/.exec(markup)
  const attrs: Record<string, string> = {}
  for (const [, name, value] of (open?.[2] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)) {
    if (name !== 'class') attrs[name!] = value!
  }
  const text = markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return { tag: open?.[1], attrs, text, markup }
}
const noop = () => undefined

describe('Button', () => {
  it.each<[ButtonVariant, ButtonSize]>([
    ['primary', 'md'],
    ['secondary', 'sm'],
    ['accent', 'lg'],
    ['outline', 'md'],
    ['ghost', 'sm'],
    ['danger', 'lg'],
  ])('is a %s / %s button with its label that does not submit a form', (variant, size) => {
    expect(rendered(h(Button, { variant, size }, 'Go'))).toMatchObject({
      tag: 'button',
      attrs: { type: 'button' },
      text: 'Go',
    })
  })

  it('submits only when asked to', () => {
    expect(rendered(h(Button, { type: 'submit' }, 'Send')).attrs.type).toBe('submit')
  })

  it('is natively disabled when disabled, so a click does nothing', () => {
    expect(rendered(h(Button, { disabled: true, onClick: noop }, 'Save')).attrs).toHaveProperty('disabled')
    expect(rendered(h(Button, { onClick: noop }, 'Save')).attrs).not.toHaveProperty('disabled')
  })
})

describe('Card', () => {
  it('is a plain block, not announced or focusable, without onClick', () => {
    const card = rendered(h(Card, { padding: 'lg', variant: 'elevated' }, 'Balance'))
    expect(card).toMatchObject({ tag: 'div', text: 'Balance' })
    expect(card.attrs).not.toHaveProperty('role')
    expect(card.attrs).not.toHaveProperty('tabindex')
  })

  it('is a focusable button with onClick', () => {
    expect(rendered(h(Card, { onClick: noop }, 'Open')).attrs).toMatchObject({ role: 'button', tabindex: '0' })
  })
})

describe('Switch', () => {
  it('is a switch that reports its state', () => {
    const on = rendered(h(Switch, { checked: true, onChange: noop, 'aria-label': 'Dark Mode' }))
    expect(on).toMatchObject({
      tag: 'button',
      attrs: { role: 'switch', 'aria-checked': 'true', 'aria-label': 'Dark Mode' },
    })
    const off = rendered(h(Switch, { checked: false, onChange: noop, 'aria-label': 'Dark Mode' }))
    expect(off.attrs['aria-checked']).toBe('false')
  })

  it('is named by its visible label and description', () => {
    const labelled = rendered(
      h(Switch, { checked: false, onChange: noop, label: 'Hide Balance by Default', description: 'On every screen' }),
    )
    expect(labelled.text).toBe('Hide Balance by Default On every screen')
    expect(rendered(h(Switch, { checked: false, onChange: noop, 'aria-label': 'x' })).text).toBe('')
  })

  it('is disabled natively', () => {
    const disabled = rendered(h(Switch, { checked: false, onChange: noop, disabled: true, 'aria-label': 'x' }))
    expect(disabled.attrs).toHaveProperty('disabled')
  })

  it('asks for the opposite value on click, and for nothing while disabled', () => {
    expect(switchClickValue(false, false)).toBe(true)
    expect(switchClickValue(true, undefined)).toBe(false)
    expect(switchClickValue(true, true)).toBeNull()
    expect(switchClickValue(false, true)).toBeNull()
  })
})

describe('Sheet', () => {
  it('renders nothing while closed', () => {
    expect(renderToStaticMarkup(h(Sheet, { open: false, onClose: noop, title: 'Quick Actions', children: 'x' }))).toBe(
      '',
    )
  })

  it('is a dialog named by its title heading, with its description and content', () => {
    const { markup, text } = rendered(
      h(Sheet, { open: true, onClose: noop, title: 'Quick Actions', description: 'Pick one', children: 'Body' }),
    )
    const labelledBy = /<dialog[^>]*aria-labelledby="([^"]+)"/.exec(markup)?.[1]
    expect(labelledBy).toBeTruthy()
    const heading = new RegExp(`<h2[^>]*id="${labelledBy}"[^>]*>([^<]*)</h2>`).exec(markup)?.[1]
    expect(heading).toBe('Quick Actions')
    expect(text).toContain('Pick one')
    expect(text).toContain('Body')
  })
})
