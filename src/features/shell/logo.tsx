/**
 * The brand mark: a shield with a check, in the theme's logo colours: primary on the light
 * header, the white variant on the dark one (spec §9).
 */
export function Logo({ brand }: { brand: string }) {
  return (
    <span className="logo">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <path d="M16 2 4 6.5v8.7C4 22.6 9.1 28.6 16 30c6.9-1.4 12-7.4 12-14.8V6.5L16 2Z" fill="currentColor" />
        <path d="m10.5 16.2 3.8 3.8 7.4-7.6" fill="none" stroke="var(--logo-check)" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="logo__name">{brand}</span>
    </span>
  )
}
