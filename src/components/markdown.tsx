import ReactMarkdown from 'react-markdown'

/** Our seeded texts are Markdown; react-markdown renders them without raw HTML, so nothing can inject markup. */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="prose">
      <ReactMarkdown skipHtml>{children}</ReactMarkdown>
    </div>
  )
}
