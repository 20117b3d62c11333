import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ErrorBoundary, ErrorFallback } from '../../src/app/error-boundary'

describe('ErrorFallback', () => {
  const markup = renderToStaticMarkup(h(ErrorFallback))

  it('says what happened and that the data is safe (spec part 1 §2)', () => {
    expect(markup).toContain('role="alert"')
    expect(markup).toContain('<h1>Oops! Something went wrong</h1>')
    expect(markup).toMatch(/your data is safe/i)
  })

  it('offers Go to Home and Reload Page, in that order', () => {
    const buttons = [...markup.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1])
    expect(buttons).toEqual(['Go to Home', 'Reload Page'])
  })
})

describe('ErrorBoundary', () => {
  it('renders its children while nothing failed', () => {
    expect(renderToStaticMarkup(h(ErrorBoundary, null, h('p', null, 'fine')))).toBe('<p>fine</p>')
  })

  // A child that throws, and what the buttons then do, need a browser: tests/e2e/chrome-error.spec.ts
  // (outside the router) and chrome-navigation.spec.ts (inside a route).
})
