import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ShareProfileButton } from '#src/features/profile-share/components/share-profile-button.tsx'
import { loadMemberMenuCatalog } from '#src/features/member-menu/catalog.ts'
import { ShareButton } from '#src/features/member-menu/share-button.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

const qr = vi.hoisted(() => ({ made: [] as Array<{ data: string }>, downloads: [] as unknown[] }))

// jsdom draws no canvas: the QR library is replaced by one that records what it was asked to draw and save.
vi.mock('qr-code-styling', () => ({
  default: class {
    constructor(options: { data: string }) {
      qr.made.push(options)
    }
    append(element: HTMLElement) {
      const canvas = document.createElement('canvas')
      canvas.dataset.qr = qr.made.at(-1)!.data
      element.append(canvas)
    }
    download(options: unknown) {
      qr.downloads.push(options)
      return Promise.resolve()
    }
  },
}))

const PROFILE_URL = 'http://localhost:8080/profile/bobur-karimov-42'

function openDialogButton() {
  return renderInApp(
    <ShareProfileButton slug="bobur-karimov-42" name="Бобур Каримов" className="button">
      Поделиться
    </ShareProfileButton>,
  )
}

beforeEach(() => {
  qr.made.length = 0
  qr.downloads.length = 0
})

describe('the share dialog', () => {
  it('copies the profile link and confirms it for one second', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    openDialogButton()
    await user.click(await screen.findByRole('button', { name: 'Поделиться' }))
    const dialog = await screen.findByRole('dialog', { name: 'Поделиться профилем' })
    expect(
      (within(dialog).getByRole('textbox', { name: 'Ссылка на профиль' }) as HTMLInputElement).value,
    ).toBe(PROFILE_URL)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // A plain click: user-event's own pauses would wait on the faked timers.
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Копировать ссылку' })))
    expect(writeText).toHaveBeenCalledWith(PROFILE_URL)
    const confirmation = within(dialog).getByText('Ссылка скопирована')
    expect(confirmation.getAttribute('role')).toBe('status')
    act(() => vi.advanceTimersByTime(999))
    expect(within(dialog).getByText('Ссылка скопирована')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1))
    expect(within(dialog).queryByText('Ссылка скопирована')).toBeNull()
  })

  it('draws the QR code of the profile link and downloads it as PNG', async () => {
    const user = userEvent.setup()
    openDialogButton()
    await user.click(await screen.findByRole('button', { name: 'Поделиться' }))
    const dialog = await screen.findByRole('dialog', { name: 'Поделиться профилем' })
    const code = within(dialog).getByRole('img', { name: 'QR-код ссылки на профиль' })
    await waitFor(() => expect(code.querySelector('canvas')?.dataset.qr).toBe(PROFILE_URL))
    const download = within(dialog).getByRole('button', { name: 'Скачать QR-код (PNG)' }) as HTMLButtonElement
    await waitFor(() => expect(download.disabled).toBe(false))
    await user.click(download)
    expect(qr.downloads).toEqual([{ name: 'fika-bobur-karimov-42', extension: 'png' }])
  })

  it('shares the profile link on seven services, each at its own share address', async () => {
    const user = userEvent.setup()
    openDialogButton()
    await user.click(await screen.findByRole('button', { name: 'Поделиться' }))
    const dialog = await screen.findByRole('dialog', { name: 'Поделиться профилем' })
    const u = encodeURIComponent(PROFILE_URL)
    const links = within(dialog)
      .getAllByRole('link')
      .map((link) => [link.getAttribute('aria-label') ?? link.textContent, link.getAttribute('href')])
    expect(links).toHaveLength(7)
    const hrefOf = (label: string) => links.find(([name]) => name === label)?.[1]
    expect(hrefOf('Поделиться в Telegram')).toMatch(
      new RegExp(`^https://t\\.me/share/url\\?url=${escape(u)}&text=`),
    )
    expect(hrefOf('Поделиться в WhatsApp')).toMatch(/^https:\/\/wa\.me\/\?text=.*bobur-karimov-42$/)
    expect(hrefOf('Поделиться в Facebook')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${u}`)
    expect(hrefOf('Поделиться в X')).toMatch(
      new RegExp(`^https://x\\.com/intent/tweet\\?url=${escape(u)}&text=`),
    )
    expect(hrefOf('Поделиться в VK')).toMatch(
      new RegExp(`^https://vk\\.com/share\\.php\\?url=${escape(u)}&title=`),
    )
    expect(hrefOf('Поделиться в Odnoklassniki')).toMatch(
      new RegExp(`^https://connect\\.ok\\.ru/offer\\?url=${escape(u)}&title=`),
    )
    expect(hrefOf('Отправить по электронной почте')).toMatch(/^mailto:\?subject=.*&body=.*bobur-karimov-42$/)
    for (const link of within(dialog).getAllByRole('link'))
      if (!link.getAttribute('href')!.startsWith('mailto:'))
        expect(link.getAttribute('rel')).toContain('noopener')
  })

  it('closes with its close button', async () => {
    const user = userEvent.setup()
    openDialogButton()
    await user.click(await screen.findByRole('button', { name: 'Поделиться' }))
    const dialog = await screen.findByRole('dialog', { name: 'Поделиться профилем' })
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('on a phone, opens the system share sheet first, and the dialog only when it is closed unshared', async () => {
    const user = userEvent.setup()
    const share = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, share })
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }))
    openDialogButton()
    await user.click(await screen.findByRole('button', { name: 'Поделиться' }))
    expect(share).toHaveBeenCalledWith({ title: 'Бобур Каримов', url: PROFILE_URL })
    expect(screen.queryByRole('dialog')).toBeNull()

    share.mockImplementationOnce(() => Promise.reject(new DOMException('closed', 'AbortError')))
    await user.click(await screen.findByRole('button', { name: 'Поделиться' }))
    expect(await screen.findByRole('dialog', { name: 'Поделиться профилем' })).toBeTruthy()
  })
})

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('the header share button', () => {
  const SHARE = `${V1}/profile/share`
  const openOwnDialog = async (answer: Parameters<typeof stubApi>[0][string]) => {
    const user = userEvent.setup()
    const server = stubApi({ [`GET ${SHARE}`]: answer })
    act(() =>
      useSession
        .getState()
        .setSession({ token: 'access', profile: profileOf({ type: 'executor' }) as never }),
    )
    await loadMemberMenuCatalog()
    renderInApp(<ShareButton />)
    await user.click(await screen.findByRole('button', { name: 'Поделиться профилем' }))
    return { server, user, dialog: await screen.findByRole('dialog', { name: 'Поделиться профилем' }) }
  }

  it('opens the share dialog with the link and text the server gives the owner', async () => {
    const url = 'http://localhost:8080/profile/dilnoza-rahimova-7'
    const { server, dialog } = await openOwnDialog(() => ({
      json: { url, text: 'Дилноза Рахимова на Fika: услуги, цены и отзывы' },
    }))
    const link = (await within(dialog).findByRole('textbox', {
      name: 'Ссылка на профиль',
    })) as HTMLInputElement
    expect(link.value).toBe(url)
    expect(server.calls.filter((call) => call.path === SHARE)).toHaveLength(1)
    expect(
      within(dialog).getByRole('link', { name: 'Поделиться в Telegram' }).getAttribute('href'),
    ).toContain(encodeURIComponent('Дилноза Рахимова на Fika'))
    act(() => useSession.getState().clear())
  })

  it('without the professional plan says which plan shares the profile instead of the ways to share', async () => {
    const { dialog, user } = await openOwnDialog(() => ({
      status: 403,
      json: {
        error: {
          type: 'forbidden',
          code: 'plan_required_professional',
          message: 'Доступно с тарифом «Профессионал»',
        },
      },
    }))
    expect(await within(dialog).findByText('Доступно с тарифом «Профессионал»')).toBeTruthy()
    expect(within(dialog).queryByRole('textbox', { name: 'Ссылка на профиль' })).toBeNull()
    const choose = within(dialog).getByRole('link', { name: 'Выбрать тариф' })
    expect(choose.getAttribute('href')).toBe('/wallet')
    // The link is reachable from the keyboard inside the dialog.
    for (let tab = 0; tab < 3 && document.activeElement !== choose; tab += 1) await user.tab()
    expect(document.activeElement).toBe(choose)
    act(() => useSession.getState().clear())
  })
})
