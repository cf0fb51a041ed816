import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { SERVICE_NAME_MAX, type Service } from '#contract/schemas/catalogue.ts'
import {
  CATALOGUE_LANGUAGES,
  isServiceSlug,
  MODERATION_REASON_MAX,
  SLUG_MAX,
  type ApproveProposalBody,
  type CatalogueLanguage,
  type Proposal,
} from '#contract/schemas/moderation.ts'
import { CharCount } from '#src/components/char-count.tsx'
import { Modal } from '#src/components/modal.tsx'
import { TextField } from '#src/components/text-field.tsx'
import { ApiError } from '#src/lib/api-error.ts'
import { formatNumber } from '#src/lib/format.ts'
import { catalogueAdminApi } from '../catalogue-api.ts'
import { useSending } from './sending.ts'

type Fields = Partial<Record<keyof ApproveProposalBody, string>>

function Actions({ busy, label, onClose }: { busy: boolean; label: string; onClose: () => void }) {
  return (
    <div className="form__actions">
      <button type="submit" className="button" disabled={busy}>
        {label}
      </button>
      <button type="button" className="button button--secondary" onClick={onClose}>
        <Trans>Cancel</Trans>
      </button>
    </div>
  )
}

function Failure({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="form__error">
      {text}
    </p>
  ) : null
}

/**
 * Into the catalogue: the name in each of the four languages (each required; the proposal's name to start from)
 * and the service's address in its category. What the server refuses is said beside the field it names.
 */
export function ApproveProposalDialog({
  proposal,
  onClose,
  onDecide,
}: {
  proposal: Proposal
  onClose: () => void
  onDecide: (body: ApproveProposalBody) => Promise<void>
}) {
  const { t } = useLingui()
  const labels: Record<CatalogueLanguage, string> = {
    ru: t`Name in Russian`,
    en: t`Name in English`,
    oz: t`Name in Uzbek (Latin)`,
    uz: t`Name in Uzbek (Cyrillic)`,
  }
  const [body, setBody] = useState<ApproveProposalBody>({
    name_ru: proposal.names.ru,
    name_en: proposal.names.en,
    name_oz: proposal.names.oz,
    name_uz: proposal.names.uz,
    slug: proposal.suggested_slug,
  })
  const [fields, setFields] = useState<Fields>({})
  const { busy, failure, run } = useSending(async () => {
    try {
      await onDecide(body)
    } catch (error) {
      if (error instanceof ApiError)
        setFields(Object.fromEntries(Object.entries(error.fields).map(([name, [text]]) => [name, text])))
      throw error
    }
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found: Fields = {}
    for (const language of CATALOGUE_LANGUAGES) {
      const name = body[`name_${language}`].trim()
      if (name.length < 2) found[`name_${language}`] = t`Write the name in this language.`
    }
    if (!isServiceSlug(body.slug.trim().toLowerCase()))
      found.slug = t`Latin letters, digits and hyphens, with at least one letter.`
    setFields(found)
    if (Object.keys(found).length === 0) void run()
  }

  return (
    <Modal open title={t`Add “${proposal.names.ru}” to the catalogue`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        {CATALOGUE_LANGUAGES.map((language) => (
          <TextField
            key={language}
            label={labels[language]}
            value={body[`name_${language}`]}
            maxLength={SERVICE_NAME_MAX}
            required
            error={fields[`name_${language}`]}
            onChange={(event) => setBody({ ...body, [`name_${language}`]: event.target.value })}
          />
        ))}
        <TextField
          label={t`Address in the category`}
          value={body.slug}
          maxLength={SLUG_MAX}
          required
          spellCheck={false}
          autoCapitalize="off"
          error={fields.slug}
          onChange={(event) => setBody({ ...body, slug: event.target.value })}
        />
        <p className="form__hint admin-slug-preview">
          /{proposal.category.slug}/{proposal.parent ? `${proposal.parent.slug}/` : ''}
          {body.slug}
        </p>
        <Failure text={failure} />
        <Actions busy={busy} label={t`Add to the catalogue`} onClose={onClose} />
      </form>
    </Modal>
  )
}

/**
 * The same as a service the catalogue has: the moderator finds it among the approved services of the proposal's
 * category (by name) and picks it; whatever pointed at the proposal then points at it.
 */
export function MergeProposalDialog({
  proposal,
  onClose,
  onDecide,
}: {
  proposal: Proposal
  onClose: () => void
  onDecide: (into: Service) => Promise<void>
}) {
  const { t } = useLingui()
  const id = useId()
  const [search, setSearch] = useState('')
  const [found, setFound] = useState<Service[] | null>(null)
  const [searching, setSearching] = useState(false)
  const [chosen, setChosen] = useState<Service | null>(null)
  const [missingChoice, setMissingChoice] = useState(false)
  const { busy, failure, run } = useSending(() => onDecide(chosen!))

  const find = async () => {
    setSearching(true)
    try {
      const page = await catalogueAdminApi.servicesOf(proposal.category.slug, search.trim())
      setFound(page.collection.filter((service) => service.id !== proposal.id))
    } catch {
      setFound(null)
    } finally {
      setSearching(false)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setMissingChoice(chosen === null)
    if (chosen !== null) void run()
  }

  return (
    <Modal open title={t`Merge “${proposal.names.ru}” into a service`} onClose={onClose}>
      <form
        role="search"
        className="admin-search"
        onSubmit={(event) => {
          event.preventDefault()
          void find()
        }}
      >
        <TextField
          label={t`Service of “${proposal.category.name}”`}
          type="text"
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="submit" className="button button--secondary" disabled={searching}>
          <Trans>Find</Trans>
        </button>
      </form>
      <form className="form" onSubmit={submit} noValidate>
        {found !== null && found.length === 0 && (
          <p role="status">
            <Trans>No approved service of this category has such a name.</Trans>
          </p>
        )}
        {found !== null && found.length > 0 && (
          <fieldset className="admin-reasons" aria-describedby={missingChoice ? `${id}-error` : undefined}>
            <legend className="field__label">
              <Trans>The service it is the same as</Trans>
            </legend>
            {found.map((service) => (
              <label key={service.id} className="choice">
                <input
                  type="radio"
                  name={`${id}-into`}
                  checked={chosen?.id === service.id}
                  onChange={() => {
                    setChosen(service)
                    setMissingChoice(false)
                  }}
                />
                {service.name}
              </label>
            ))}
          </fieldset>
        )}
        {missingChoice && (
          <p id={`${id}-error`} role="alert" className="field__error">
            <Trans>Find and choose the service to merge into.</Trans>
          </p>
        )}
        <Failure text={failure} />
        <Actions busy={busy} label={t`Merge`} onClose={onClose} />
      </form>
    </Modal>
  )
}

/** A reason the person reads: why the proposal, or the review, is refused. */
export function ReasonDialog({
  title,
  lead,
  action,
  onClose,
  onDecide,
}: {
  title: string
  lead: string
  action: string
  onClose: () => void
  onDecide: (reason: string) => Promise<void>
}) {
  const { t } = useLingui()
  const id = useId()
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const { busy, failure, run } = useSending(() => onDecide(reason.trim()))
  const left = formatNumber(MODERATION_REASON_MAX - reason.length)
  const limit = formatNumber(MODERATION_REASON_MAX)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setMissing(reason.trim() === '')
    if (reason.trim() !== '') void run()
  }

  return (
    <Modal open title={title} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <p>{lead}</p>
        <div className="field">
          <label htmlFor={`${id}-reason`} className="field__label">
            <Trans>Reason</Trans>
          </label>
          <textarea
            id={`${id}-reason`}
            className="field__input admin-reasons__text"
            rows={3}
            required
            maxLength={MODERATION_REASON_MAX}
            value={reason}
            aria-invalid={missing ? true : undefined}
            aria-describedby={`${id}-count${missing ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              setReason(event.target.value)
              setMissing(false)
            }}
          />
          {missing && (
            <p id={`${id}-error`} role="alert" className="field__error">
              <Trans>Write the reason.</Trans>
            </p>
          )}
          <CharCount
            id={`${id}-count`}
            length={reason.length}
            max={MODERATION_REASON_MAX}
            words={{
              limit: t`At most ${limit} characters`,
              left: t`Characters left: ${left}`,
              over: t`Over the limit of ${limit} characters`,
            }}
          />
        </div>
        <Failure text={failure} />
        <Actions busy={busy} label={action} onClose={onClose} />
      </form>
    </Modal>
  )
}
