import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { TextField } from '#src/components/text-field.tsx'
import { catalogueApi, type SearchResult } from '#src/features/catalogue/api/catalogue-api.ts'

const SEARCH_MIN_CHARS = 3
const SEARCH_DEBOUNCE_MS = 200

type ServicePickerProps = {
  value: number | null
  onChange: (service: SearchResult) => void
  error?: string | undefined
}

/** Finds a service with the catalogue search (offline too) and offers the results as one radio group. */
export function ServicePicker({ value, onChange, error }: ServicePickerProps) {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const [results, setResults] = useState<SearchResult[]>([])
  const query = text.trim()

  useEffect(() => {
    if (query.length < SEARCH_MIN_CHARS) return
    let current = true
    const timer = setTimeout(() => {
      catalogueApi
        .search(query)
        .then(({ data }) => current && setResults(data))
        .catch(() => undefined)
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [query])

  const shown = query.length >= SEARCH_MIN_CHARS ? results : []
  return (
    <div className="field">
      <TextField
        label={t`Service`}
        type="text"
        value={text}
        placeholder={t`For example, electrician`}
        onChange={(event) => setText(event.target.value)}
        error={error}
      />
      {shown.length > 0 && (
        <fieldset className="rating">
          <legend className="visually-hidden">
            <Trans>Found services</Trans>
          </legend>
          <div className="chips">
            {shown.map((service) => (
              <label key={service.id} className="rating__option">
                <input
                  type="radio"
                  name="service"
                  checked={value === service.id}
                  onChange={() => onChange(service)}
                />
                {service.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  )
}
