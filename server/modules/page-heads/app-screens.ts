/**
 * The web app's screens (src/routes) that are no public page: a member's own (their account, wallet, chats, the
 * orders map, a specialist's day, the spec's /forcustomers), the moderators' console and the redirect of
 * /to-profile, which only the browser follows. The server answers them with the plain shell and a 200, as it cannot
 * tell who is signed in (the session lives in the browser); an address that is neither one of these nor a public
 * page that exists is missing.
 */
const SCREENS_WITHOUT_A_PAGE: RegExp[] = [
  /^\/(?:account|bonus|notifications|forcustomers)$/,
  /^\/chats(?:\/\d{1,10})?$/,
  /^\/orders\/(?:map|today)$/,
  /^\/direct\/order(?:\/\d{1,10})?$/,
  /^\/to-profile\/[^/]+$/,
  /^\/wallet(?:\/success|\/failed)?$/,
  /^\/admin(?:\/(?:audit|reports|services|reviews|content))?$/,
]

/** Whether `path` (no query, no trailing slash) is a screen of the app with no public page of its own. */
export const isScreenWithoutAPage = (path: string) =>
  SCREENS_WITHOUT_A_PAGE.some((screen) => screen.test(path))
