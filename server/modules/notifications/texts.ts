import type { NotificationKind } from '#contract/schemas/notifications.ts'
import type { Locale } from '#server/i18n/locale.ts'

type Translations = Record<Locale, string>

/**
 * What a notification's text names. `number` is the order's six-digit number and `name` its title, copied when
 * the notification is made; `person` is the other party's first name, read from their profile when the text is
 * written (a deleted account's name is gone from notifications too); `rating` is a review's 1 to 5.
 */
export type TextParams = { number?: string; name?: string; person?: string; rating?: number }

/** A short title (the push notification's) and the sentence the bell shows. */
const texts: Record<NotificationKind, { title: Translations; message: Translations }> = {
  new_order: {
    title: { ru: 'Новый заказ', oz: 'Yangi buyurtma', uz: 'Янги буюртма', en: 'New order' },
    message: {
      ru: 'Новый заказ №{number} «{name}» по вашей специальности',
      oz: "Mutaxassisligingiz bo'yicha yangi buyurtma №{number} «{name}»",
      uz: 'Мутахассислигингиз бўйича янги буюртма №{number} «{name}»',
      en: 'New order №{number} “{name}” in your specialty',
    },
  },
  order_reply: {
    title: {
      ru: 'Интерес к вашему заказу',
      oz: 'Buyurtmangizga qiziqish',
      uz: 'Буюртмангизга қизиқиш',
      en: 'Interest in your order',
    },
    message: {
      ru: '{person} хочет выполнить ваш заказ №{number} «{name}»',
      oz: '{person} №{number} «{name}» buyurtmangizni bajarishni xohlaydi',
      uz: '{person} №{number} «{name}» буюртмангизни бажаришни хоҳлайди',
      en: '{person} wants to do your order №{number} “{name}”',
    },
  },
  executor_chosen: {
    title: {
      ru: 'Вас выбрали исполнителем',
      oz: 'Sizni ijrochi qilib tanlashdi',
      uz: 'Сизни ижрочи қилиб танлашди',
      en: 'You have been chosen',
    },
    message: {
      ru: 'Заказчик {person} выбрал вас исполнителем заказа №{number} «{name}». Примите его или откажитесь',
      oz: 'Buyurtmachi {person} sizni №{number} «{name}» buyurtmasiga ijrochi qilib tanladi. Uni qabul qiling yoki rad eting',
      uz: 'Буюртмачи {person} сизни №{number} «{name}» буюртмасига ижрочи қилиб танлади. Уни қабул қилинг ёки рад этинг',
      en: '{person} chose you for the order №{number} “{name}”. Accept it or decline',
    },
  },
  order_accepted: {
    title: {
      ru: 'Заказ принят',
      oz: 'Buyurtma qabul qilindi',
      uz: 'Буюртма қабул қилинди',
      en: 'Order accepted',
    },
    message: {
      ru: 'Исполнитель {person} принял ваш заказ №{number} «{name}»',
      oz: 'Ijrochi {person} №{number} «{name}» buyurtmangizni qabul qildi',
      uz: 'Ижрочи {person} №{number} «{name}» буюртмангизни қабул қилди',
      en: '{person} accepted your order №{number} “{name}”',
    },
  },
  order_declined: {
    title: {
      ru: 'Исполнитель отказался',
      oz: 'Ijrochi rad etdi',
      uz: 'Ижрочи рад этди',
      en: 'Order declined',
    },
    message: {
      ru: 'Исполнитель {person} отказался от заказа №{number} «{name}»',
      oz: 'Ijrochi {person} №{number} «{name}» buyurtmasini rad etdi',
      uz: 'Ижрочи {person} №{number} «{name}» буюртмасини рад этди',
      en: '{person} declined the order №{number} “{name}”',
    },
  },
  order_canceled: {
    title: {
      ru: 'Заказ отменён',
      oz: 'Buyurtma bekor qilindi',
      uz: 'Буюртма бекор қилинди',
      en: 'Order cancelled',
    },
    message: {
      ru: 'Заказчик {person} отменил заказ №{number} «{name}»',
      oz: 'Buyurtmachi {person} №{number} «{name}» buyurtmasini bekor qildi',
      uz: 'Буюртмачи {person} №{number} «{name}» буюртмасини бекор қилди',
      en: '{person} cancelled the order №{number} “{name}”',
    },
  },
  order_completed: {
    title: { ru: 'Заказ выполнен', oz: 'Buyurtma bajarildi', uz: 'Буюртма бажарилди', en: 'Order completed' },
    message: {
      ru: 'Заказчик {person} отметил заказ №{number} «{name}» выполненным',
      oz: 'Buyurtmachi {person} №{number} «{name}» buyurtmasini bajarilgan deb belgiladi',
      uz: 'Буюртмачи {person} №{number} «{name}» буюртмасини бажарилган деб белгилади',
      en: '{person} marked the order №{number} “{name}” as done',
    },
  },
  review_received: {
    title: { ru: 'Новый отзыв', oz: 'Yangi sharh', uz: 'Янги шарҳ', en: 'New review' },
    message: {
      ru: 'Заказчик {person} оценил вашу работу по заказу №{number} «{name}»: {rating} из 5',
      oz: "Buyurtmachi {person} №{number} «{name}» buyurtmasi bo'yicha ishingizni baholadi: 5 dan {rating}",
      uz: 'Буюртмачи {person} №{number} «{name}» буюртмаси бўйича ишингизни баҳолади: 5 дан {rating}',
      en: '{person} rated your work on the order №{number} “{name}”: {rating} of 5',
    },
  },
  chat_message: {
    title: { ru: 'Новое сообщение', oz: 'Yangi xabar', uz: 'Янги хабар', en: 'New message' },
    message: {
      ru: 'Новое сообщение от {person}',
      oz: '{person} sizga yangi xabar yubordi',
      uz: '{person} сизга янги хабар юборди',
      en: 'New message from {person}',
    },
  },
}

/** Who did it, when their account no longer has a name to show. */
const SOMEONE: Translations = { ru: 'Пользователь', oz: 'Foydalanuvchi', uz: 'Фойдаланувчи', en: 'Someone' }

/** The SMS of the fallback: short, the order's number and an absolute link (`{link}`). */
const smsTexts: Record<'executor_chosen' | 'order_canceled', Translations> = {
  executor_chosen: {
    ru: 'Fika: вас выбрали исполнителем заказа №{number}. {link}',
    oz: 'Fika: sizni №{number} buyurtmaga ijrochi qilib tanlashdi. {link}',
    uz: 'Fika: сизни №{number} буюртмага ижрочи қилиб танлашди. {link}',
    en: 'Fika: you were chosen for order №{number}. {link}',
  },
  order_canceled: {
    ru: 'Fika: заказ №{number} отменён заказчиком. {link}',
    oz: 'Fika: №{number} buyurtma buyurtmachi tomonidan bekor qilindi. {link}',
    uz: 'Fika: №{number} буюртма буюртмачи томонидан бекор қилинди. {link}',
    en: 'Fika: order №{number} was cancelled by the customer. {link}',
  },
}

// One pass over the template, so a `{…}` inside an order's name is never read as a place.
const fill = (template: string, values: Record<string, string | number | undefined>) =>
  template.replace(/\{(\w+)\}/g, (place, key: string) => {
    const value = values[key]
    return value === undefined ? place : String(value)
  })

/** The title and the sentence of a notification in the reader's language. */
export function notificationText(kind: NotificationKind, params: TextParams, locale: Locale) {
  const values = { ...params, person: params.person?.trim() || SOMEONE[locale] }
  return {
    title: fill(texts[kind].title[locale], values),
    message: fill(texts[kind].message[locale], values),
  }
}

export function smsFallbackText(
  kind: keyof typeof smsTexts,
  params: { number: string; link: string },
  locale: Locale,
) {
  return fill(smsTexts[kind][locale], params)
}
