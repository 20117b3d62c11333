import { createElement, lazy, useState, type ComponentType } from 'react'

/** A screen in its own chunk that `preload()` can fetch before the first render needs it. */
export interface LazyScreen<P extends object> {
  (props: P): ReturnType<typeof createElement>
  preload: () => Promise<unknown>
}

/**
 * React.lazy suspends on its first render even when the chunk is already here, so the first paint
 * would be the loading screen. A screen preloaded before that render (main.tsx does it for the
 * current route) renders at once; one not yet loaded goes through React.lazy as before.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null
  let pending: Promise<{ default: ComponentType<P> }> | null = null
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        pending = null
        throw error
      },
    ))
  const Lazy = lazy(preload)
  function Screen(props: P) {
    // Chosen once per mount, so a screen never switches component type (and state) under the user.
    const [component] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return createElement(component, props)
  }
  Screen.preload = preload
  return Screen
}
