/**
 * What the sweep reads from a page, in one call into the page (each call is a round trip through
 * the browser, tens of milliseconds on a busy machine): waits for hydration when asked, then reads
 * the document's language, its width, the header's height, the visible text and accessible names,
 * and the digest of the structure of each part axe judges (sweep-axe.ts).
 */
import type { Page } from '@playwright/test'

export type AxePart = 'main' | 'frame'

export interface PageReading {
  lang: string
  scrollWidth: number
  scrollHeight: number
  innerWidth: number
  /** The site header's height, null without one. */
  headerHeight: number | null
  /** Visible text nodes, whitespace collapsed. */
  texts: string[]
  /** What assistive technology reads instead of text: labels, titles, placeholders, alternatives. */
  attributes: string[]
  /** SHA-256 of each asked part's structure; a part the page lacks is left out. */
  structures: Partial<Record<AxePart, string>>
}

/**
 * Reads the page. `hydration`: first waits until TanStack Start has read its data (it deletes
 * `window.$_TSR`) and React has taken over every control of the content, as `waitForHydration`
 * does, but polling on a timer inside the page instead of on every animation frame from outside
 * (which keeps the compositor drawing frames for nothing). No bound of its own: the test's ends a hang.
 */
export function readPage(page: Page, options: { hydration: boolean; parts: AxePart[] }): Promise<PageReading> {
  return page.evaluate(async ({ hydration, parts }) => {
    if (hydration) {
      const hydrated = () => {
        if ('$_TSR' in window) return false
        const controls = document.querySelectorAll('main form, main input, main select, main textarea, main button')
        return [...controls].every((control) => Object.keys(control).some((key) => key.startsWith('__reactProps$')))
      }
      while (!hydrated()) await new Promise((resolve) => setTimeout(resolve, 25))
    }

    const texts: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      const text = node.textContent?.replace(/\s+/g, ' ').trim()
      if (!text || !parent || parent.closest('script, style, noscript, template')) continue
      if (!parent.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) continue
      texts.push(text)
    }
    const attributes: string[] = []
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim()
        if (value) attributes.push(value)
      }
    }

    /**
     * A part's markup as axe sees it: every text and every text-like attribute (names, titles,
     * alternatives, placeholders, values, link targets) reduced to whether it is empty; scripts,
     * preloads and program data (`data-*`, nonces, the meta description) left out; the site's own
     * language codes (ro, en, fr) made one, since axe's language rules judge only whether a code is
     * valid; elements, roles, ARIA states, classes, ids and stylesheets kept as they are.
     */
    const structure = (part: 'main' | 'frame'): string | null => {
      const source = part === 'main' ? document.querySelector('main') : document.documentElement
      if (!source) return null
      const copy = source.cloneNode(true) as Element
      // Around the content: one header and footer on every page, whichever of its links is the
      // current page's or language's (they share one style; how many are marked is kept).
      let current = 0
      if (part === 'frame') {
        for (const main of copy.querySelectorAll('main')) main.replaceWith(document.createElement('main'))
        for (const link of copy.querySelectorAll('[aria-current]')) {
          current++
          link.removeAttribute('aria-current')
          link.classList.remove('active')
          if (link.classList.length === 0) link.removeAttribute('class')
        }
      }
      // Scripts and preloads: what a page loads is no part of what axe judges (stylesheets are).
      for (const element of copy.querySelectorAll('script, link:not([rel="stylesheet"])')) element.remove()
      const textWalker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT)
      for (let node = textWalker.nextNode(); node; node = textWalker.nextNode()) {
        if (node.parentElement?.tagName !== 'STYLE') node.textContent = node.textContent?.trim() ? 'x' : ''
      }
      const wordy = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'title', 'alt', 'placeholder', 'value', 'href'])
      for (const element of [copy, ...copy.querySelectorAll('*')]) {
        for (const { name, value } of [...element.attributes]) {
          if (name.startsWith('data-') || name === 'nonce' || (element.tagName === 'META' && name === 'content' && element.getAttribute('name') !== 'viewport')) element.removeAttribute(name)
          else if (wordy.has(name) && element.tagName !== 'LINK') element.setAttribute(name, value.trim() ? 'x' : '')
          else if ((name === 'lang' || name === 'hreflang') && /^(?:ro|en|fr)(?:-[a-z]{2})?$/i.test(value)) element.setAttribute(name, 'site-language')
        }
      }
      return `${current}\n${copy.outerHTML}`
    }
    const structures: Partial<Record<'main' | 'frame', string>> = {}
    for (const part of parts) {
      const markup = structure(part)
      if (markup === null) continue
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(markup))
      structures[part] = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
    }

    const header = document.querySelector('header.site-header')
    return {
      lang: document.documentElement.lang,
      scrollWidth: document.documentElement.scrollWidth,
      scrollHeight: document.documentElement.scrollHeight,
      innerWidth: window.innerWidth,
      headerHeight: header ? header.getBoundingClientRect().height : null,
      texts,
      attributes,
      structures,
    }
  }, options)
}
