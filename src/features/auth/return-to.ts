/**
 * `value` when it is a path of this site (`/wallet?x=1`), else undefined: a return address taken from the URL must
 * never lead to another origin (`//evil.example`, `/\\evil.example`, `https://...`). Checked where it is used, after
 * the login, so the check does not weigh on the first screen.
 */
export function localPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return undefined
  // Browsers drop tabs and newlines from a URL and read a backslash as a slash: `/\t/x` and `/\\x` are `//x`.
  if (value.startsWith('//') || [...value].some((char) => char === '\\' || char < ' ')) return undefined
  return value
}
