import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Header } from '#src/features/layout/components/header.tsx'
import { BottomMenu } from '#src/features/layout/components/bottom-menu.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

const logInAs = (type: 'customer' | 'executor') =>
  act(() => useSession.getState().setSession({ token: 'access', profile: profileOf({ type }) as never }))

describe('Header', () => {
  it('offers a guest the login button and the languages, and the specialist sign-up in a menu', async () => {
    const user = userEvent.setup()
    renderInApp(<Header />)
    expect(await screen.findByRole('button', { name: 'Войти' })).toBeTruthy()
    expect(screen.getByLabelText('Язык')).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Главное меню' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Стать специалистом' })).toBeNull()
    const menu = screen.getByRole('button', { name: 'Меню' })
    expect(menu.getAttribute('aria-expanded')).toBe('false')
    await user.click(menu)
    expect(menu.getAttribute('aria-expanded')).toBe('true')
    expect((await screen.findByRole('link', { name: 'Стать специалистом' })).getAttribute('href')).toMatch(
      /^https:\/\/t\.me\//,
    )
    expect(screen.getByRole('link', { name: 'Все услуги' }).getAttribute('href')).toBe('/services-all')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('link', { name: 'Стать специалистом' })).toBeNull()
  })

  it('scrolls to the categories when "Create an order" is chosen on the home page', async () => {
    const user = userEvent.setup()
    const { router } = renderInApp(
      <>
        <Header />
        <section id="categories">
          <h2 tabIndex={-1}>Услуги по категориям</h2>
        </section>
      </>,
      '/',
    )
    const scrolled: Element[] = []
    const original = Element.prototype.scrollIntoView
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    await user.click(await screen.findByRole('link', { name: 'Создать заказ' })).finally(() => {
      Element.prototype.scrollIntoView = original
    })
    expect(scrolled.map((element) => element.id)).toEqual(['categories'])
    expect(document.activeElement?.textContent).toBe('Услуги по категориям')
    expect(router.state.location.pathname).toBe('/')
  })

  it('shows the create-order link to a guest on the home page only', async () => {
    const home = renderInApp(<Header />, '/')
    expect(await screen.findByRole('link', { name: 'Создать заказ' })).toBeTruthy()
    home.unmount()
    renderInApp(<Header />, '/account')
    await screen.findByRole('button', { name: 'Войти' })
    expect(screen.queryByRole('link', { name: 'Создать заказ' })).toBeNull()
  })

  it('shows a logged-in customer the menu without a wallet, the bell and the user menu, but no share button', async () => {
    logInAs('customer')
    renderInApp(<Header />)
    const nav = await screen.findByRole('navigation', { name: 'Главное меню' })
    const links = {
      Заказы: '/orders',
      Профиль: '/account',
      Поддержка: '/support',
      Бонусы: '/bonus',
    }
    for (const [name, href] of Object.entries(links)) {
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href)
    }
    expect(within(nav).getAllByRole('link')).toHaveLength(4)
    expect(within(nav).queryByRole('link', { name: 'Кошелёк' })).toBeNull()
    expect(screen.getByRole('button', { name: /^Уведомления/ }).getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('button', { name: 'Поделиться профилем' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Fika, главная' }).getAttribute('href')).toBe('/')
  })

  it('gives an executor the share button, the wallet, and a logo that leads to /account', async () => {
    logInAs('executor')
    renderInApp(<Header />)
    expect(await screen.findByRole('button', { name: 'Поделиться профилем' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Fika, главная' }).getAttribute('href')).toBe('/account')
    const nav = screen.getByRole('navigation', { name: 'Главное меню' })
    expect(within(nav).getByRole('link', { name: 'Кошелёк' }).getAttribute('href')).toBe('/wallet')
    expect(screen.queryByRole('link', { name: 'Создать заказ' })).toBeNull()
  })

  it('offers a logged-in customer "Create an order" on every page, leading to the categories', async () => {
    logInAs('customer')
    renderInApp(<Header />, '/account')
    const create = await screen.findByRole('link', { name: 'Создать заказ' })
    expect(create.getAttribute('href')).toBe('/?order=1')
  })

  it("shows the person's photo in the header's account button, and the initial without one", async () => {
    act(() =>
      useSession.getState().setSession({
        token: 'access',
        profile: profileOf({ avatar: '/uploads/a.webp', avatar_thumb: '/uploads/a-thumb.webp' }) as never,
      }),
    )
    const view = renderInApp(<Header />)
    const button = await screen.findByRole('button', { name: /Меню аккаунта/ })
    expect(button.querySelector('img')?.getAttribute('src')).toBe('/uploads/a-thumb.webp')
    view.unmount()
    logInAs('customer')
    renderInApp(<Header />)
    const plain = await screen.findByRole('button', { name: /Меню аккаунта/ })
    expect(plain.querySelector('img')).toBeNull()
    expect(plain.textContent).toContain('D')
  })

  it('closes the user menu with Escape', async () => {
    logInAs('customer')
    const user = userEvent.setup()
    renderInApp(<Header />)
    await user.click(await screen.findByRole('button', { name: /Меню аккаунта/ }))
    expect(screen.getByRole('button', { name: 'Перейти в режим исполнителя' })).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('button', { name: 'Перейти в режим исполнителя' })).toBeNull()
  })

  it('saves the new mode, then goes to /account', async () => {
    logInAs('customer')
    const api = stubApi({ [`PUT ${V1}/profile/7`]: () => ({ json: profileOf({ type: 'executor' }) }) })
    const user = userEvent.setup()
    const { router } = renderInApp(<Header />, '/')
    await user.click(await screen.findByRole('button', { name: /Меню аккаунта/ }))
    await user.click(screen.getByRole('button', { name: 'Перейти в режим исполнителя' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'))
    expect(api.last('PUT', `${V1}/profile/7`)?.body).toEqual({ type: 'executor' })
    expect(useSession.getState().profile?.type).toBe('executor')
  })

  it('logs out even when the server cannot be reached, and goes home', async () => {
    logInAs('customer')
    stubApi({})
    const user = userEvent.setup()
    const { router } = renderInApp(<Header />, '/account')
    await user.click(await screen.findByRole('button', { name: /Меню аккаунта/ }))
    await user.click(screen.getByRole('button', { name: 'Выйти' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(useSession.getState().token).toBeNull()
  })

  it('forgets this device’s push subscription on the server before logging out', async () => {
    logInAs('customer')
    const endpoint = 'https://fcm.googleapis.com/fcm/send/device-abc-123'
    localStorage.setItem(
      'fika.push.device',
      JSON.stringify({ provider: 'webpush', id: endpoint, key: 'key' }),
    )
    const api = stubApi({
      [`DELETE ${V1}/push/subscriptions`]: () => ({ json: { ok: true } }),
      [`GET ${V1}/auth/logout`]: () => ({ json: { status: true } }),
    })
    const user = userEvent.setup()
    const { router } = renderInApp(<Header />, '/account')
    await user.click(await screen.findByRole('button', { name: /Меню аккаунта/ }))
    await user.click(screen.getByRole('button', { name: 'Выйти' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    const forget = api.last('DELETE', `${V1}/push/subscriptions`)
    expect(forget?.body).toEqual({ endpoint })
    expect(forget?.headers.get('authorization')).toBe('Bearer access')
    expect(api.calls.findIndex((call) => call.method === 'DELETE')).toBeLessThan(
      api.calls.findIndex((call) => call.path.endsWith('/logout')),
    )
  })
})

describe('BottomMenu', () => {
  it('offers the five sections to a logged-in executor, the same but the wallet to a customer, and nothing to a guest', async () => {
    const guest = renderInApp(<BottomMenu />)
    await waitFor(() => expect(guest.container.querySelector('nav')).toBeNull())
    guest.unmount()
    logInAs('executor')
    const executor = renderInApp(<BottomMenu />)
    const nav = await screen.findByRole('navigation', { name: 'Быстрое меню' })
    const links = await within(nav).findAllByRole('link')
    // Short labels: "Поддержка" does not fit a fifth of a phone's width, "Помощь" does.
    expect(links.map((link) => link.textContent)).toEqual([
      'Заказы',
      'Кошелёк',
      'Профиль',
      'Помощь',
      'Бонусы',
    ])
    executor.unmount()
    logInAs('customer')
    renderInApp(<BottomMenu />)
    const customerNav = await screen.findByRole('navigation', { name: 'Быстрое меню' })
    expect((await within(customerNav).findAllByRole('link')).map((link) => link.textContent)).toEqual([
      'Заказы',
      'Профиль',
      'Помощь',
      'Бонусы',
    ])
  })
})
