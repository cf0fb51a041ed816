/** `998901234567` -> `99890*****67`: enough to tell numbers apart in a log, not enough to call one. */
export const maskPhone = (phone: string) =>
  phone.length > 7
    ? phone.slice(0, 5) + '*'.repeat(phone.length - 7) + phone.slice(-2)
    : '*'.repeat(phone.length)

const PHONE_IN_TEXT = /(?:%2B|\+)?998\d{9}|(?<=phone=)\d{7,}/g

/** Masks every phone number inside a URL or free text. */
export const maskPhonesIn = (text: string) => text.replace(PHONE_IN_TEXT, (match) => maskPhone(match))
