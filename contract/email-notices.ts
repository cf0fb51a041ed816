/**
 * What the mailed verification link's redirect tells the app (the account screen's `?email=`): kept apart from
 * email-endpoints.ts so the account route's search check adds no schema to the first screen's code.
 */
export const EMAIL_NOTICES = ['verified', 'invalid'] as const
export type EmailNotice = (typeof EMAIL_NOTICES)[number]
