import { Fragment } from 'react'

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g

/**
 * Plain text with its web addresses as links. Everything is rendered as React text nodes (never
 * as HTML), and only `http(s)` addresses become links, so a note cannot inject markup or a
 * `javascript:` link. Line breaks are kept by the `white-space: pre-wrap` of the container.
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts: (string | { href: string })[] = []
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0
    if (start > last) parts.push(text.slice(last, start))
    parts.push({ href: match[0] })
    last = start + match[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return (
    <p className="note-body">
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <a key={i} href={part.href} rel="noopener noreferrer nofollow" target="_blank">
            {part.href}
          </a>
        ),
      )}
    </p>
  )
}
