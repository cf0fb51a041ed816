// How long a session lasts and how many failed logins a phone or an address may make.
export const SESSION_RULES = {
  REFRESH_LIFETIME_S: 30 * 24 * 3600,
  FAILED_LOGINS_PER_PHONE: 10,
  FAILED_LOGINS_PER_IP: 30,
  FAILED_LOGIN_WINDOW_S: 15 * 60,
} as const
