import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { Profile } from '#contract/schemas/profile.ts'
import { TEXT_MAX } from '#contract/schemas/orders.ts'
import { ABOUT_MAX, DISCOUNT_TEXT_MAX } from '#contract/schemas/specialists.ts'
import { CharCount } from '#src/components/char-count.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import { PlanLock } from '#src/features/plan-lock/plan-lock.tsx'
import { usePlan } from '../use-plan.tsx'
import { useProfileSection } from '../use-profile-section.ts'
import { EditorSection, SaveBar } from './section.tsx'

type LimitedTextProps = {
  label: string
  value: string
  max: number
  error: string | undefined
  onChange: (value: string) => void
}

/** A text area that stops at the server's limit and shows how much of it is used. */
function LimitedText({ label, value, max, error, onChange }: LimitedTextProps) {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        className="field__input"
        rows={6}
        maxLength={max}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-limit${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <CharCount
        id={`${id}-limit`}
        length={value.length}
        max={max}
        words={limitWords(i18n, value.length, max)}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim())

/** Free text about the specialist, public. */
export function AboutSection({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const { edit, save, submit, fieldError } = useProfileSection(
    'about',
    profile,
    (kept) => kept.about ?? '',
    (about) => ({ about: orNull(about) }),
  )
  return (
    <EditorSection
      id="about"
      title={<Trans>About me</Trans>}
      lead={<Trans>Your experience and how you work: customers read it on your public profile.</Trans>}
    >
      <form className="form" onSubmit={submit}>
        <LimitedText
          label={t`About me`}
          value={edit.value}
          max={ABOUT_MAX}
          error={fieldError('about')}
          onChange={edit.update}
        />
        <SaveBar state={save.state} statusRef={save.statusRef} dirty={edit.dirty} restored={edit.restored} />
      </form>
    </EditorSection>
  )
}

type Discount = { percent: string; text: string }

/** A discount in percent (0-100) and the words that explain it, shown on the public profile. */
export function DiscountSection({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const percentId = useId()
  const { edit, save, submit, fieldError } = useProfileSection<Discount>(
    'discount',
    profile,
    (kept) => ({ percent: String(kept.discount_percent), text: kept.discount_text ?? '' }),
    (value) => ({ discount_percent: Number(value.percent || 0), discount_text: orNull(value.text) }),
  )
  const percent = Number(edit.value.percent || 0)
  const invalid = !/^\d{0,3}$/.test(edit.value.percent) || percent > 100
  const percentError = invalid ? t`Enter a whole number from 0 to 100` : fieldError('discount_percent')
  // Without the plan a discount can still be cleared (0, no text); setting one is refused on the field.
  const locked = usePlan().locked('discounts')
  return (
    <EditorSection id="discount" title={<Trans>Discount</Trans>}>
      {locked && (
        <PlanLock feature="discounts">
          <Trans>Customers see your discount on your profile and in the specialists’ list.</Trans>
        </PlanLock>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={percentId} className="field__label">
            <Trans>Discount, %</Trans>
          </label>
          <input
            id={percentId}
            className="field__input"
            inputMode="numeric"
            type="text"
            maxLength={3}
            value={edit.value.percent}
            aria-invalid={percentError ? true : undefined}
            aria-describedby={percentError ? `${percentId}-error` : undefined}
            onChange={(event) => edit.update({ ...edit.value, percent: event.target.value.trim() })}
          />
          {percentError && (
            <p id={`${percentId}-error`} className="field__error" role="alert">
              {percentError}
            </p>
          )}
        </div>
        <LimitedText
          label={t`What the discount is for`}
          value={edit.value.text}
          max={DISCOUNT_TEXT_MAX}
          error={fieldError('discount_text')}
          onChange={(text) => edit.update({ ...edit.value, text })}
        />
        <SaveBar
          state={save.state}
          statusRef={save.statusRef}
          dirty={edit.dirty}
          restored={edit.restored}
          disabled={invalid}
        />
      </form>
    </EditorSection>
  )
}

/**
 * The reply the bot's "Reply" button under a new order sends (a professional plan's convenient notifications,
 * docs/decisions/016): private, never shown but as the reply itself.
 */
export function QuickReplyCard({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const locked = usePlan().locked('smart_notifications')
  const { edit, save, submit, fieldError } = useProfileSection(
    'quick-reply',
    profile,
    (kept) => kept.reply_template ?? '',
    (text) => ({ reply_template: text.trim() }),
  )
  return (
    <form className="form editor-card" onSubmit={submit} aria-label={t`Quick reply from Telegram`}>
      <h3 className="editor-card__title">
        <Trans>Quick reply from Telegram</Trans>
      </h3>
      <p className="form__hint">
        <Trans>
          Under each new order in Telegram, the “Reply” button sends this text to the customer as your reply,
          in one tap.
        </Trans>
      </p>
      {locked && <PlanLock feature="smart_notifications" />}
      <LimitedText
        label={t`My reply text`}
        value={edit.value}
        max={TEXT_MAX}
        error={fieldError('reply_template')}
        onChange={edit.update}
      />
      <SaveBar state={save.state} statusRef={save.statusRef} dirty={edit.dirty} restored={edit.restored} />
    </form>
  )
}
