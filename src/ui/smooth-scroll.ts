/** In-page scrolling animates over 300 ms, ease-in-out (spec §9); instant with reduced motion. */
export const SCROLL_MS = 300

export function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2
}

function scrollToElement(target: HTMLElement) {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  const start = window.scrollY
  const end = start + target.getBoundingClientRect().top
  const focus = () => target.focus({ preventScroll: true })
  if (reduce || start === end) {
    window.scrollTo(0, end)
    return focus()
  }
  const began = performance.now()
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / SCROLL_MS)
    window.scrollTo(0, start + (end - start) * easeInOut(t))
    if (t < 1) requestAnimationFrame(step)
    else focus()
  }
  requestAnimationFrame(step)
}

/**
 * Animates clicks on same-page anchors (`#id`); returns the listener's remover. `showHash` puts the
 * hash in the address through the router, which must not scroll to it itself: its own jump would
 * cut the animation short at whatever moment the router's navigation happens to settle.
 */
export function installSmoothScroll(showHash: (id: string) => void): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = (event.target as Element | null)?.closest?.('a[href^="#"]')
    const id = link?.getAttribute('href')?.slice(1)
    const target = id ? document.getElementById(decodeURIComponent(id)) : null
    if (!id || !target) return
    event.preventDefault()
    showHash(id)
    scrollToElement(target)
  }
  document.addEventListener('click', onClick)
  return () => document.removeEventListener('click', onClick)
}
