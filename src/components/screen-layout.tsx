import type { ReactNode } from 'react'
import { BackButton } from './back-button.tsx'
import { PageHead } from './page-head.tsx'

type ScreenLayoutProps = { title: string; lead?: ReactNode; description?: string; children?: ReactNode }

/** The frame every screen shares: the way back, the heading the page is named by, and its content. */
export function ScreenLayout({ title, lead, description, children }: ScreenLayoutProps) {
  return (
    <div className="screen">
      <PageHead title={title} description={description ?? (typeof lead === 'string' ? lead : undefined)} />
      <BackButton />
      <h1 className="screen__title">{title}</h1>
      {lead && <p className="screen__lead">{lead}</p>}
      {children}
    </div>
  )
}
