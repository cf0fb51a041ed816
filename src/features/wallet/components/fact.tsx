// One fact of a wallet's `<dl>` (the plan, a payment, a refused service): its name, then its value.
import type { ReactNode } from 'react'

export function Fact({
  label,
  className,
  children,
}: {
  label: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  )
}
