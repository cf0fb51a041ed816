import type { ReactNode } from 'react'

/**
 * The five icons the first screen draws (header, menu, language switcher, carousel arrows), as plain SVG.
 *
 * NOTE: lucide-react's runtime (its Icon, context and attribute builders) weighs more than these five drawings; on
 * the first load every kilobyte counts (docs/decisions/018), so the first screen draws Lucide's artwork itself.
 * Every other screen loads after it and uses lucide-react. Paths: Lucide 1.75 (ISC licence), unchanged.
 */
function LucideIcon({ name, children }: { name: string; children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide lucide-${name}`}
      aria-hidden="true"
    >
      {children}
    </svg>
  )
}

export function GlobeIcon() {
  return (
    <LucideIcon name="globe">
      <circle cx="12" cy="12" r="10" />
      <path d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20" />
      <path d="M2 12h20" />
    </LucideIcon>
  )
}

export function MenuIcon() {
  return (
    <LucideIcon name="menu">
      <path d="M4 5h16" />
      <path d="M4 12h16" />
      <path d="M4 19h16" />
    </LucideIcon>
  )
}

export function PlusIcon() {
  return (
    <LucideIcon name="plus">
      <path d="M5 12h14" />
      <path d="M12 5v14" />
    </LucideIcon>
  )
}

export function ChevronLeftIcon() {
  return (
    <LucideIcon name="chevron-left">
      <path d="m15 18-6-6 6-6" />
    </LucideIcon>
  )
}

export function ChevronRightIcon() {
  return (
    <LucideIcon name="chevron-right">
      <path d="m9 18 6-6-6-6" />
    </LucideIcon>
  )
}
