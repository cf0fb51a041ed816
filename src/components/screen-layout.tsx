import type { ReactNode } from 'react'
import { BackButton } from './back-button.tsx'
import { useDocumentTitle } from './use-document-title.ts'

type ScreenLayoutProps = { title: string; lead?: ReactNode; children?: ReactNode }

/** The frame every screen shares: the way back, the heading the page is named by, and its content. */
export function ScreenLayout({ title, lead, children }: ScreenLayoutProps) {
  useDocumentTitle(title)
  return (
    <div className="screen">
      <BackButton />
      <h1 className="screen__title">{title}</h1>
      {lead && <p className="screen__lead">{lead}</p>}
      {children}
    </div>
  )
}
