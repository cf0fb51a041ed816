/**
 * JSON written inside an HTML data block (`<script type="application/json">` or `application/ld+json`): `<` is
 * escaped so that no text a user wrote (a name, an about) can close the element, and U+2028/9 because they break
 * older parsers. A data block is not run, so the strict CSP needs no hash for it.
 */
export const jsonInHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
