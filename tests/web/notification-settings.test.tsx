import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { NotificationSettings } from '#contract/schemas/notifications.ts'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { errorBody } from './helpers.tsx'
import {
  CUSTOMER,
  EXECUTOR,
  keptEdits,
  NOTIFICATION_SETTINGS_PATH,
  notificationSettingsOf,
  openEditor,
  PROFILE_PATH,
  WALLET_PATH,
  walletWith,
} from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

const section = () => screen.findByRole('region', { name: 'Уведомления' })
/** The switches' own Save: a specialist's section has another form (the quick reply) with its own. */
const saveButton = async () =>
  within(await screen.findByRole('form', { name: 'Настройки уведомлений' })).getByRole('button', {
    name: 'Сохранить',
  })
const switchNamed = async (name: string) =>
  (await within(await section()).findByRole('switch', { name })) as HTMLInputElement

/** A server that keeps the settings and applies a change to them, as the real one does. */
function settingsServer(start: NotificationSettings) {
  let settings = structuredClone(start)
  return {
    [`GET ${NOTIFICATION_SETTINGS_PATH}`]: () => ({ json: settings }),
    [`PUT ${NOTIFICATION_SETTINGS_PATH}`]: ({ body }: { body: unknown }) => {
      const change = body as Partial<NotificationSettings> & { kinds?: Record<string, object> }
      settings = {
        kinds: Object.fromEntries(
          Object.entries(settings.kinds).map(([kind, channels]) => [
            kind,
            { ...channels, ...change.kinds?.[kind] },
          ]),
        ) as NotificationSettings['kinds'],
        sms_fallback: change.sms_fallback ?? settings.sms_fallback,
        quiet_hours: change.quiet_hours === undefined ? settings.quiet_hours : change.quiet_hours,
        reminders: { ...settings.reminders, ...change.reminders },
      }
      return { json: settings }
    },
  }
}

describe('the notifications section of the profile', () => {
  it('shows each kind on each channel as the server has it', async () => {
    const start = notificationSettingsOf()
    start.kinds.order_reply = { push: false, telegram: true, email: true }
    openEditor(CUSTOMER, settingsServer(start))
    expect((await switchNamed('Специалист откликнулся на мой заказ — в пуш-уведомлениях')).checked).toBe(
      false,
    )
    expect((await switchNamed('Специалист откликнулся на мой заказ — в Telegram')).checked).toBe(true)
    expect((await switchNamed('Специалист откликнулся на мой заказ — по электронной почте')).checked).toBe(
      true,
    )
    expect((await switchNamed('Заказчик выбрал меня — в пуш-уведомлениях')).checked).toBe(true)
    // Nineteen kinds, three channels each, and the SMS switch (quiet hours are a specialist's).
    expect(within(await section()).getAllByRole('switch')).toHaveLength(58)
  })

  it('puts a customer’s own kinds first, and a specialist’s', async () => {
    const { view } = openEditor(CUSTOMER)
    const groups = async () =>
      within(await section())
        .getAllByRole('rowheader')
        .filter((header) => header.getAttribute('scope') === 'rowgroup')
        .map((header) => header.textContent)
    expect(await groups()).toEqual(['Когда я заказываю', 'Когда я работаю специалистом', 'В обоих режимах'])
    view.unmount()
    openEditor(EXECUTOR)
    expect(await groups()).toEqual(['Когда я работаю специалистом', 'Когда я заказываю', 'В обоих режимах'])
  })

  it('sends only the switch that changed', async () => {
    const { server } = openEditor(EXECUTOR, settingsServer(notificationSettingsOf()))
    const user = userEvent.setup()
    await user.click(await switchNamed('Новые заказы по моим специальностям и районам — в Telegram'))
    await user.click(await saveButton())
    await within(await section()).findByText('Сохранено')
    expect(server.last('PUT', NOTIFICATION_SETTINGS_PATH)?.body).toEqual({
      kinds: { new_order: { telegram: true } },
    })
    expect((await switchNamed('Новые заказы по моим специальностям и районам — в Telegram')).checked).toBe(
      true,
    )
  })

  it('turns the SMS fallback on, explaining when it sends', async () => {
    const { server } = openEditor(EXECUTOR, settingsServer(notificationSettingsOf()))
    const user = userEvent.setup()
    const region = await section()
    expect(
      within(region).getByText(
        'Если «Заказчик выбрал меня» или «Заказчик отменил заказ» остаётся непрочитанным 15 минут, мы отправим одно SMS с номером заказа и ссылкой. Не больше 3 в день.',
      ),
    ).toBeTruthy()
    await user.click(await switchNamed('Одно SMS, если важное уведомление осталось непрочитанным'))
    await user.click(await saveButton())
    await within(region).findByText('Сохранено')
    expect(server.last('PUT', NOTIFICATION_SETTINGS_PATH)?.body).toEqual({ sms_fallback: true })
  })

  it('keeps an unsaved change on the device when saving fails, and brings it back after a reload', async () => {
    const first = openEditor(CUSTOMER, {
      [`PUT ${NOTIFICATION_SETTINGS_PATH}`]: () => ({
        status: 500,
        json: errorBody('server', 'error_occurred', 'Произошла ошибка'),
      }),
    })
    const user = userEvent.setup()
    await user.click(await switchNamed('Новые сообщения в чате — по электронной почте'))
    await user.click(await saveButton())
    expect(await within(await section()).findByRole('alert')).toHaveProperty(
      'textContent',
      'Произошла ошибка',
    )
    await waitFor(() =>
      expect(keptEdits.get('7:notification-settings')).toMatchObject({
        kinds: { chat_message: { email: true } },
      }),
    )
    first.view.unmount()

    openEditor(CUSTOMER)
    await waitFor(async () =>
      expect((await switchNamed('Новые сообщения в чате — по электронной почте')).checked).toBe(true),
    )
    expect(
      within(await section()).getByText('Несохранённые изменения восстановлены с этого устройства'),
    ).toBeTruthy()
  })

  it('says that Telegram delivers once connected and e-mail later, and offers push on this device', async () => {
    openEditor(CUSTOMER)
    const region = await section()
    expect(
      await within(region).findByText(
        'Сообщения в Telegram приходят, когда Telegram подключён в настройках. Письма на e-mail появятся позже: ваш выбор сохранён и заработает, как только они появятся.',
      ),
    ).toBeTruthy()
    expect(within(region).getByRole('heading', { name: 'Уведомления на этом устройстве' })).toBeTruthy()
  })

  it('sets quiet hours for the night, sends them, and takes them off again', async () => {
    const { server } = openEditor(EXECUTOR, settingsServer(notificationSettingsOf()))
    const user = userEvent.setup()
    const quiet = await switchNamed('Уведомления без звука ночью')
    await user.click(quiet)
    const region = await section()
    expect((within(region).getByLabelText('Начало') as HTMLSelectElement).value).toBe('22')
    await user.selectOptions(within(region).getByLabelText('Конец'), '08:00')
    await user.click(await saveButton())
    await within(region).findByText('Сохранено')
    expect(server.last('PUT', NOTIFICATION_SETTINGS_PATH)?.body).toEqual({ quiet_hours: { from: 22, to: 8 } })

    await user.click(await switchNamed('Уведомления без звука ночью'))
    await user.click(await saveButton())
    await waitFor(() =>
      expect(server.last('PUT', NOTIFICATION_SETTINGS_PATH)?.body).toEqual({ quiet_hours: null }),
    )
  })

  it('locks quiet hours without the plan that has them, naming it', async () => {
    openEditor(EXECUTOR, {
      ...settingsServer(notificationSettingsOf()),
      [`GET ${WALLET_PATH}`]: () => ({ json: walletWith(null) }),
    })
    await waitFor(async () => expect((await switchNamed('Уведомления без звука ночью')).disabled).toBe(true))
    expect(screen.getAllByTestId('plan-lock-smart_notifications').length).toBeGreaterThan(0)
  })

  it('keeps a specialist’s quick reply for Telegram in their profile', async () => {
    const { server } = openEditor(EXECUTOR, {
      ...settingsServer(notificationSettingsOf()),
      [`PUT ${PROFILE_PATH}/${EXECUTOR.id}`]: ({ body }) => ({ json: { ...EXECUTOR, ...(body as object) } }),
    })
    const user = userEvent.setup()
    const card = await screen.findByRole('form', { name: 'Быстрый ответ из Telegram' })
    await user.type(within(card).getByLabelText('Текст моего отклика'), 'Здравствуйте! Приеду сегодня.')
    await user.click(within(card).getByRole('button', { name: 'Сохранить' }))
    await waitFor(() =>
      expect(server.last('PUT', `${PROFILE_PATH}/${EXECUTOR.id}`)?.body).toEqual({
        reply_template: 'Здравствуйте! Приеду сегодня.',
      }),
    )
  })

  it('offers a customer neither quiet hours nor a quick reply', async () => {
    openEditor(CUSTOMER, settingsServer(notificationSettingsOf()))
    await switchNamed('Новые сообщения в чате — в Telegram')
    expect(within(await section()).queryByRole('switch', { name: 'Уведомления без звука ночью' })).toBeNull()
    expect(screen.queryByRole('form', { name: 'Быстрый ответ из Telegram' })).toBeNull()
  })
})
