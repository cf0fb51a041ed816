/**
 * An invite link's code (`/signup?invite=CODE`, decision 015 "Bonuses"): the inviter's id in base 36, `-`, and 10
 * hex of its HMAC. Its own module, so that the sign-up page and the registration form, which load with the first
 * screen, do not bring the wallet's schemas with them.
 */
export const INVITE_CODE_MAX = 32
export const INVITE_CODE_PATTERN = /^[a-z0-9]{1,12}-[0-9a-f]{10}$/
