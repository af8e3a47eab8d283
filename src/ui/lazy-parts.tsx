import { Suspense, use, type ComponentType } from 'react'

/**
 * Components whose code stays out of a page's first load (decision 80). The page's loader awaits
 * `preload()`, so the server renders them in full (a browser without JavaScript gets the whole
 * page) and a client navigation renders them at once. On a page served by the server the browser
 * hydrates everything else first and keeps their server HTML (a `<form method="post">` works as
 * is) until their code has come, then hydrates them.
 */
export function lazyParts<M>(load: () => Promise<M>) {
  let loaded: M | undefined
  let loading: Promise<M> | undefined
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed load is tried again on the next render or navigation.
        loading = undefined
        throw error
      },
    ))

  function part<P extends object>(pick: (module: M) => ComponentType<P>) {
    function Loaded(props: P) {
      const Component = pick(loaded ?? use(preload()))
      return <Component {...props} />
    }
    return function LazyPart(props: P) {
      return (
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      )
    }
  }
  return { preload, part }
}
