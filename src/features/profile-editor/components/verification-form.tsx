import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState, type Ref } from 'react'
import { DOCUMENT_TYPES, type DocumentType, type Verification } from '#contract/schemas/verification.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { uploadDocuments, type Side } from '../verification/upload-documents.ts'
import { useFailureText } from '../use-save.ts'
import { PhotoStep, type TakenPhoto } from './photo-step.tsx'

const TYPE_NAMES: Record<DocumentType, MessageDescriptor> = {
  passport: msg`Passport`,
  id_card: msg`ID card`,
  driver_licence: msg`Driver licence`,
}

/** The steps of a document type: a passport's back is optional and not asked; an ID card's and a licence's is. */
const stepsOf = (type: DocumentType): (Side | 'send')[] =>
  type === 'passport' ? ['front', 'selfie', 'send'] : ['front', 'back', 'selfie', 'send']

type Sending = { step: 'idle' } | { step: 'sending'; fraction: number } | { step: 'failed'; message: string }

/**
 * The documents, one step at a time: the type, each side's photo, then sending them with progress. The photos stay
 * here until the server has them, so a dropped connection or a refusal loses nothing.
 */
export function VerificationForm({ onSent }: { onSent: (state: Verification) => void }) {
  const { t } = useLingui()
  const failureText = useFailureText()
  const [type, setType] = useState<DocumentType>('passport')
  const [photos, setPhotos] = useState<Partial<Record<Side, TakenPhoto>>>({})
  const [index, setIndex] = useState(0)
  const [sending, setSending] = useState<Sending>({ step: 'idle' })
  const headingRef = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)

  const steps = stepsOf(type)
  const current = steps[Math.min(index, steps.length - 1)]!
  const sides = steps.filter((step): step is Side => step !== 'send')
  const ready = sides.every((side) => photos[side])

  // Focus follows the person to each new step's heading, not on the first drawing of the page.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus()
  }, [index])
  const go = (to: number) => {
    moved.current = true
    setIndex(to)
  }

  const setPhoto = (side: Side, photo: TakenPhoto | undefined) =>
    setPhotos((now) => ({ ...now, [side]: photo }))

  const send = async () => {
    setSending({ step: 'sending', fraction: 0 })
    try {
      const blobs = Object.fromEntries(sides.map((side) => [side, photos[side]!.blob]))
      const state = await uploadDocuments(type, blobs, (fraction) =>
        setSending({ step: 'sending', fraction }),
      )
      onSent(state)
    } catch (error) {
      const network = error instanceof ApiError && error.status === 0
      setSending({
        step: 'failed',
        message: network
          ? t`No connection to the server. Your photos are kept here: try again when you are online.`
          : failureText(error),
      })
    }
  }

  const stepNames: Record<Side | 'send', string> = {
    front: t`Front side`,
    back: t`Back side`,
    selfie: t`Selfie with the document`,
    send: t`Sending`,
  }
  const hints: Record<Side, string> = {
    front:
      type === 'passport'
        ? t`The page with your photo, whole, flat and without glare.`
        : t`The side with your photo, whole, flat and without glare.`,
    back: t`The other side, whole and readable.`,
    selfie: t`Your face and the page with your photo next to it, both clearly visible.`,
  }
  const busy = sending.step === 'sending'

  return (
    <div className="verification-form">
      <DocumentTypeChoice
        value={type}
        disabled={busy}
        onChange={(value) => {
          setType(value)
          setIndex(0)
        }}
      />
      <ol className="verification-form__steps" aria-label={t`Steps`}>
        {steps.map((step) => (
          <li key={step} aria-current={step === current ? 'step' : undefined}>
            {stepNames[step]}
          </li>
        ))}
      </ol>
      {current === 'send' ? (
        <SendStep
          title={stepNames.send}
          headingRef={headingRef}
          sending={sending}
          disabled={!ready}
          onSend={() => void send()}
        />
      ) : (
        <PhotoStep
          key={`${type}-${current}`}
          title={stepNames[current]}
          hint={hints[current]}
          facing={current === 'selfie' ? 'user' : 'environment'}
          photo={photos[current]}
          headingRef={headingRef}
          onPhoto={(photo) => setPhoto(current, photo)}
        />
      )}
      <div className="form__actions">
        {index > 0 && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => go(index - 1)}
          >
            <Trans>Back</Trans>
          </button>
        )}
        {current !== 'send' && (
          <button type="button" className="button" disabled={!photos[current]} onClick={() => go(index + 1)}>
            <Trans>Next</Trans>
          </button>
        )}
      </div>
    </div>
  )
}

type SendStepProps = {
  title: string
  headingRef: Ref<HTMLHeadingElement>
  sending: Sending
  disabled: boolean
  onSend: () => void
}

/** The last step: send, watch the upload, and after a failure why, with the same photos sent again on a tap. */
function SendStep({ title, headingRef, sending, disabled, onSend }: SendStepProps) {
  const { t } = useLingui()
  const busy = sending.step === 'sending'
  return (
    <div className="verification-step">
      <h3 ref={headingRef} tabIndex={-1} className="verification-step__title">
        {title}
      </h3>
      <p className="form__hint">
        <Trans>
          Your photos are encrypted, only moderators see them, and they are deleted 90 days after the
          decision.
        </Trans>
      </p>
      <button type="button" className="button" disabled={busy || disabled} onClick={onSend}>
        {sending.step === 'failed' ? <Trans>Try again</Trans> : <Trans>Send for review</Trans>}
      </button>
      <div role={sending.step === 'failed' ? 'alert' : 'status'}>
        {sending.step === 'sending' && (
          <>
            <progress
              max={1}
              value={sending.fraction}
              aria-label={t`Uploading the documents`}
              className="editor-progress"
            />
            <span>{Math.round(sending.fraction * 100)}%</span>
          </>
        )}
        {sending.step === 'failed' && <span className="field__error">{sending.message}</span>}
      </div>
    </div>
  )
}

type DocumentTypeChoiceProps = {
  value: DocumentType
  disabled: boolean
  onChange: (value: DocumentType) => void
}

/** Passport, ID card or driver licence: a radio group, so the choice is one tab stop and read as a group. */
function DocumentTypeChoice({ value, disabled, onChange }: DocumentTypeChoiceProps) {
  const { i18n } = useLingui()
  return (
    <fieldset className="verification-form__types" disabled={disabled}>
      <legend>
        <Trans>Document</Trans>
      </legend>
      {DOCUMENT_TYPES.map((option) => (
        <label key={option} className="radio">
          <input
            type="radio"
            name="document-type"
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {i18n._(TYPE_NAMES[option])}
        </label>
      ))}
    </fieldset>
  )
}
