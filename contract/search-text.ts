/**
 * One spelling for search: every text is folded to lowercase Latin letters as Uzbek Latin writes them, so
 * "электр" (Russian), "электр" (Uzbek Cyrillic) and "elektr" (Uzbek Latin) become the same string. The server
 * indexes with it and the web app searches its offline copy with it; neither may change it alone.
 */
const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: 'o',
  қ: 'q',
  ғ: 'g',
  ҳ: 'h',
  і: 'i',
}

/** "Ўқитувчи, ELEKTR-montaj!" -> "oqituvchi elektr montaj" */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u0400-\u04ff]/g, (letter) => CYRILLIC_TO_LATIN[letter] ?? '')
    .replace(/[ʻʼ’‘'`]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** The words of several texts, each once, folded: what a service is found by. */
export function searchTextOf(texts: string[]): string {
  return [...new Set(texts.flatMap((text) => foldForSearch(text).split(' ')).filter(Boolean))].join(' ')
}
