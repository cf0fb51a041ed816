import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { describe, expect, it, vi } from 'vitest'
import { UpdatePrompt } from '#src/features/app-notices/update-prompt.tsx'
import { loadAppNoticesCatalog } from '#src/features/app-notices/catalog.ts'
import { usePwa } from '#src/lib/pwa.ts'

describe('UpdatePrompt', () => {
  it('stays hidden until a new version waits, then lets the person apply it', async () => {
    const applyUpdate = vi.fn()
    // The app's notices bring their own messages (docs/decisions/018).
    await loadAppNoticesCatalog()
    render(
      <I18nProvider i18n={i18n}>
        <UpdatePrompt />
      </I18nProvider>,
    )
    expect(screen.queryByRole('status')).toBeNull()
    act(() => usePwa.setState({ updateReady: true, applyUpdate }))
    expect(screen.getByRole('status').textContent).toContain('Доступна новая версия Fika.')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Обновить' }))
    expect(applyUpdate).toHaveBeenCalledTimes(1)
  })
})
