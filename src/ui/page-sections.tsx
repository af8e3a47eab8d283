import type { ReactNode } from 'react'

/** The hero band of master-layout pages (background image from the theme). */
export function Hero({ title, lead, children }: { title: ReactNode; lead: ReactNode; children?: ReactNode }) {
  return (
    <section className="hero">
      <div className="hero__inner">
        <h1>{title}</h1>
        <p className="hero__lead">{lead}</p>
        {children}
      </div>
    </section>
  )
}

/** A row of cards (card background image from the theme). */
export function Cards({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="card-grid" aria-label={label}>
      {children}
    </ul>
  )
}

export function Card({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <li className="card">
      <h3>{title}</h3>
      {children}
    </li>
  )
}

/** A page section with a heading, inside the master layout's content width. */
export function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}
