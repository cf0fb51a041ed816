import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { EmailNotice } from '#contract/email-notices.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import { Modal } from '#src/components/modal.tsx'
import { TextField } from '#src/components/text-field.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { editorApi } from '../api.ts'
import { useProfileSection } from '../use-profile-section.ts'
import { useSave } from '../use-save.ts'
import { Switch } from './confirm.tsx'
import { EditorSection, SaveBar } from './section.tsx'
import { EmailCard } from './email-card.tsx'
import { TelegramCard } from './telegram-card.tsx'

type Notifications = { telegram: boolean; email: boolean }

/**
 * Notification switches, Telegram, the e-mail address (`emailNotice`: how following its mailed link went), the
 * password, and deleting the account.
 */
export function SettingsSection({ profile, emailNotice }: { profile: Profile; emailNotice?: EmailNotice }) {
  const { t } = useLingui()
  const { edit, save, submit } = useProfileSection<Notifications>(
    'notifications',
    profile,
    (kept) => ({ telegram: kept.telegram_notifications, email: kept.email_notifications }),
    (value) => ({ telegram_notifications: value.telegram, email_notifications: value.email }),
  )
  return (
    <EditorSection id="settings" title={<Trans>Settings</Trans>}>
      <form className="form" onSubmit={submit}>
        <fieldset className="wizard__group">
          <legend className="wizard__legend">
            <Trans>Notifications</Trans>
          </legend>
          <Switch
            label={t`In Telegram`}
            checked={edit.value.telegram}
            onChange={(telegram) => edit.update({ ...edit.value, telegram })}
          />
          <Switch
            label={t`By e-mail`}
            checked={edit.value.email}
            onChange={(email) => edit.update({ ...edit.value, email })}
          />
        </fieldset>
        <SaveBar state={save.state} statusRef={save.statusRef} dirty={edit.dirty} restored={edit.restored} />
      </form>
      <TelegramCard profile={profile} />
      <EmailCard profile={profile} notice={emailNotice} />
      <ChangePassword />
      <DeleteAccount profile={profile} />
    </EditorSection>
  )
}

function ChangePassword() {
  const { t } = useLingui()
  const [fields, setFields] = useState({ current_password: '', password: '', password_confirmation: '' })
  const save = useSave()
  const error = (field: keyof typeof fields) =>
    save.state.status === 'failed' ? save.state.fields[field]?.join(' ') : undefined
  const mismatch = fields.password_confirmation !== '' && fields.password !== fields.password_confirmation
  const set = (field: keyof typeof fields) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFields({ ...fields, [field]: event.target.value })
  return (
    <form
      className="form editor-card"
      noValidate
      aria-label={t`Change the password`}
      onSubmit={(event) => {
        event.preventDefault()
        void save.run(async () => {
          await editorApi.changePassword(fields)
          setFields({ current_password: '', password: '', password_confirmation: '' })
        })
      }}
    >
      <h3 className="editor-card__title">
        <Trans>Change the password</Trans>
      </h3>
      <TextField
        label={t`Current password`}
        type="password"
        autoComplete="current-password"
        value={fields.current_password}
        error={error('current_password')}
        onChange={set('current_password')}
      />
      <TextField
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        value={fields.password}
        error={error('password')}
        onChange={set('password')}
      />
      <TextField
        label={t`New password again`}
        type="password"
        autoComplete="new-password"
        value={fields.password_confirmation}
        error={mismatch ? t`The passwords do not match` : error('password_confirmation')}
        onChange={set('password_confirmation')}
      />
      <SaveBar
        state={save.state}
        statusRef={save.statusRef}
        dirty={false}
        restored={false}
        disabled={fields.current_password === '' || fields.password.length < 6 || mismatch}
        label={<Trans>Change the password</Trans>}
      />
    </form>
  )
}

function DeleteAccount({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [understood, setUnderstood] = useState(false)
  const save = useSave()
  return (
    <div className="editor-card">
      <h3 className="editor-card__title">
        <Trans>Delete the account</Trans>
      </h3>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <Trans>Delete my account</Trans>
      </button>
      <Modal open={open} title={<Trans>Delete the account?</Trans>} onClose={() => setOpen(false)}>
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void save.run(async () => {
              await editorApi.deleteAccount(profile.id, password)
              useSession.getState().clear()
              await navigate({ to: '/' })
            })
          }}
        >
          <p>
            <Trans>
              Your profile is deleted. Your orders and reviews stay, without your name. This cannot be undone.
            </Trans>
          </p>
          <TextField
            label={t`Your password`}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <label className="choice">
            <input
              type="checkbox"
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
            />
            <Trans>I understand that the account cannot be restored</Trans>
          </label>
          <SaveBar
            state={save.state}
            statusRef={save.statusRef}
            dirty={false}
            restored={false}
            disabled={password === '' || !understood}
            label={<Trans>Delete the account for good</Trans>}
          />
        </form>
      </Modal>
    </div>
  )
}
