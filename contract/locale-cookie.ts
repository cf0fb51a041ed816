/**
 * The language chosen for the browser session (ru, oz, uz or en): written by the app's switcher and by a `?lang=`
 * in the address, read by the server to render pages in the language the app will show.
 */
export const LOCALE_COOKIE = 'lang'
