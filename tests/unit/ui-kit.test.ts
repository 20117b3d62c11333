import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Button, type ButtonSize, type ButtonVariant } from '../../src/components/ui/button'
import { Card } from '../../src/components/ui/card'
import { Sheet } from '../../src/components/ui/sheet'
import { Switch, switchClickValue } from '../../src/components/ui/switch'

const html = (node: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(node)
const noop = () => undefined

describe('Button', () => {
  it.each<ButtonVariant>(['primary', 'secondary', 'accent', 'outline', 'ghost', 'danger'])(
    'renders the %s variant',
    (variant) => {
      expect(html(h(Button, { variant }, 'Go'))).toContain(`class="btn btn--${variant} btn--md"`)
    },
  )

  it.each<ButtonSize>(['sm', 'md', 'lg'])('renders the %s size', (size) => {
    expect(html(h(Button, { size }, 'Go'))).toContain(`btn--${size}`)
  })

  it('defaults to a primary, medium, non-submitting button and can be full width', () => {
    const markup = html(h(Button, { fullWidth: true }, 'Save'))
    expect(markup).toBe('<button type="button" class="btn btn--primary btn--md btn--full">Save</button>')
  })

  it('is natively disabled when disabled', () => {
    expect(html(h(Button, { disabled: true, onClick: noop }, 'Save'))).toMatch(
      /^<button type="button" class="[^"]*" disabled="">/,
    )
  })

  it('keeps a submit type and extra classes', () => {
    expect(html(h(Button, { type: 'submit', className: 'x' }, 'Send'))).toContain(
      'type="submit" class="btn btn--primary btn--md x"',
    )
  })
})

describe('Card', () => {
  it.each([
    ['none', 'card--pad-none'],
    ['sm', 'card--pad-sm'],
    ['md', 'card--pad-md'],
    ['lg', 'card--pad-lg'],
  ] as const)('padding %s uses %s', (padding, cls) => {
    expect(html(h(Card, { padding }, 'x'))).toContain(cls)
  })

  it('is a plain, unfocusable block without onClick', () => {
    const markup = html(h(Card, null, 'x'))
    expect(markup).toBe('<div class="card card--pad-md card--normal">x</div>')
  })

  it('is elevated on request', () => {
    expect(html(h(Card, { variant: 'elevated' }, 'x'))).toContain('card--elevated')
  })

  it('is a focusable button-like element with onClick', () => {
    const markup = html(h(Card, { onClick: noop }, 'x'))
    expect(markup).toContain('role="button"')
    expect(markup).toContain('tabindex="0"')
    expect(markup).toContain('card--clickable')
  })
})

describe('Switch', () => {
  it('has role switch and reports its state', () => {
    expect(html(h(Switch, { checked: true, onChange: noop, 'aria-label': 'Dark Mode' }))).toMatch(
      /role="switch" aria-checked="true"/,
    )
    expect(html(h(Switch, { checked: false, onChange: noop, 'aria-label': 'Dark Mode' }))).toMatch(
      /role="switch" aria-checked="false"/,
    )
  })

  it('shows an optional label inside the control, so it names the switch', () => {
    const labelled = html(h(Switch, { checked: false, onChange: noop, label: 'Hide Balance by Default' }))
    expect(labelled).toContain('<span class="switch__label">Hide Balance by Default</span>')
    expect(labelled).toContain('switch--labelled')
    expect(html(h(Switch, { checked: false, onChange: noop, 'aria-label': 'x' }))).not.toContain('switch__label')
  })

  it('is disabled natively', () => {
    expect(html(h(Switch, { checked: false, onChange: noop, disabled: true, 'aria-label': 'x' }))).toContain(
      'disabled=""',
    )
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
    expect(html(h(Sheet, { open: false, onClose: noop, title: 'Quick Actions', children: 'x' }))).toBe('')
  })

  it('is a dialog named by its title', () => {
    const markup = html(
      h(Sheet, { open: true, onClose: noop, title: 'Quick Actions', description: 'Pick one', children: 'x' }),
    )
    const labelledBy = /<dialog[^>]*aria-labelledby="([^"]+)"/.exec(markup)?.[1]
    expect(labelledBy).toBeTruthy()
    expect(markup).toContain(`<h2 class="sheet__title" id="${labelledBy}">Quick Actions</h2>`)
    expect(markup).toContain('Pick one')
  })
})
