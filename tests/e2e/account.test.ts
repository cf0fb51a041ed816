import { describe, expect, test } from 'vitest'
import { DEMO_PASSWORD, expectAccessible, freshPhone, lastSmsCode, openPhone, useProduct } from './helpers.ts'

const product = useProduct()

const DEMO_CUSTOMER = '998901110001'
const national = (phone: string) => phone.slice(3)

describe('an account from registration to password reset', () => {
  test('a specialist registers through the three steps, switches to customer, logs out and logs in again', async () => {
    const { page, problems } = await openPhone(product.browser)
    const phone = freshPhone()
    await page.goto(`${product.url}/?modal=registration`)
    await expect.poll(() => page.url()).toBe(`${product.url}/`)
    await expectAccessible(page, 'home with the registration modal')

    await page.getByLabel('Имя', { exact: true }).fill('Jasur')
    await page.getByLabel('Фамилия').fill('Karimov')
    await page.getByLabel('Номер телефона').pressSequentially(national(phone))
    await page.getByRole('button', { name: 'Получить код' }).click()
    await page.getByText('Шаг 2 из 3').waitFor()
    await page.getByLabel('Код из SMS').fill(await lastSmsCode(product.url, phone))
    await page.getByRole('button', { name: 'Подтвердить' }).click()
    await page.getByText('Шаг 3 из 3').waitFor()
    await page.getByLabel('Пароль', { exact: true }).fill('toshkent2026')
    await page.getByLabel('Повторите пароль').fill('toshkent2026')
    await page.getByRole('button', { name: 'Зарегистрироваться как исполнитель' }).click()

    await page.waitForURL(`${product.url}/account`)
    await expect.poll(() => page.getByTestId('profile-mode').textContent()).toBe('Исполнитель')
    await expect.poll(() => page.getByTestId('profile-summary').textContent()).toContain(phone)
    await expectAccessible(page, '/account as executor')
    expect(await page.getByRole('button', { name: 'Поделиться профилем' }).isVisible()).toBe(true)

    await page.getByRole('button', { name: /Меню аккаунта/ }).click()
    await page.getByRole('button', { name: 'Перейти в режим заказчика' }).click()
    await expect.poll(() => page.getByTestId('profile-mode').textContent()).toBe('Заказчик')
    expect(await page.getByRole('button', { name: 'Поделиться профилем' }).count()).toBe(0)

    await page.getByRole('button', { name: /Меню аккаунта/ }).click()
    await page.getByRole('button', { name: 'Выйти' }).click()
    await page.waitForURL(`${product.url}/`)
    await page.getByRole('button', { name: 'Войти', exact: true }).click()
    await page.getByLabel('Номер телефона').pressSequentially(national(phone))
    await page.getByLabel('Пароль', { exact: true }).fill('toshkent2026')
    await page.getByRole('button', { name: 'Войти как заказчик' }).click()
    await page.waitForURL(`${product.url}/account`)
    await expect.poll(() => page.getByTestId('profile-mode').textContent()).toBe('Заказчик')

    // The session survives a reload: the token is kept, the refresh cookie renews it.
    await page.reload()
    await expect.poll(() => page.getByTestId('profile-summary').textContent()).toContain('Jasur')
    expect(problems).toEqual([])
  })

  test('the login modal keeps a password typed 50 ms after opening', async () => {
    const { page, problems } = await openPhone(product.browser)
    await page.goto(`${product.url}/?modal=login`)
    const dialog = page.getByRole('dialog', { name: 'Войти' })
    const password = dialog.getByLabel('Пароль', { exact: true })
    const phone = dialog.getByLabel('Номер телефона')
    // As soon as the field is there: well inside the 200 ms after which the modal would focus the phone.
    await password.click()
    await page.keyboard.type(DEMO_PASSWORD, { delay: 40 })
    expect(await password.inputValue()).toBe(DEMO_PASSWORD)
    expect(await phone.inputValue()).not.toMatch(/\d{2}/)
    await phone.click()
    await phone.pressSequentially(national(DEMO_CUSTOMER))
    expect(await password.inputValue()).toBe(DEMO_PASSWORD)
    await dialog.getByRole('button', { name: 'Войти как заказчик' }).click()
    await page.waitForURL(`${product.url}/account`)
    expect(problems).toEqual([])
  })

  test('a customer who forgot the password resets it and is logged in', async () => {
    const { page, problems } = await openPhone(product.browser)
    await page.goto(`${product.url}/?modal=login`)
    await page.getByRole('button', { name: 'Забыли пароль?' }).click()
    await page.getByLabel('Номер телефона').pressSequentially(national(DEMO_CUSTOMER))
    await page.getByRole('button', { name: 'Получить код' }).click()
    await page.getByText(/00:5\d/).waitFor()
    await expectAccessible(page, 'the reset code step')
    await page.getByLabel('Код из SMS').fill(await lastSmsCode(product.url, DEMO_CUSTOMER))
    await page.getByRole('button', { name: 'Подтвердить' }).click()
    await page.getByLabel('Новый пароль', { exact: true }).fill('samarqand2027')
    await page.getByLabel('Повторите новый пароль').fill('samarqand2027')
    await page.getByRole('button', { name: 'Сохранить пароль и войти' }).click()
    await page.waitForURL(`${product.url}/account`)
    await expect.poll(() => page.getByTestId('profile-mode').textContent()).toBe('Заказчик')

    const login = await fetch(`${product.url}/api/fika/freelancer/v1.0.1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_CUSTOMER, password: 'samarqand2027', type: 'customer' }),
    })
    expect(login.status).toBe(200)
    expect(problems).toEqual([])
  })
})
