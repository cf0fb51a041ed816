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

/**
 * How many typos a typed word of this length may hold and still find a word: none below 4 letters (too many words
 * are one letter away), one up to 6 letters, two from 7.
 */
export function typosAllowed(typed: string): number {
  return typed.length < 4 ? 0 : typed.length <= 6 ? 1 : 2
}

/**
 * The fewest typos (a letter missing, extra, wrong, or two neighbours swapped) that turn the typed text into the
 * start of `word`: Damerau-Levenshtein (optimal string alignment) against the closest prefix, so a word still
 * being typed ("elektirk" for "elektrika") counts only its typos. Both texts are folded (foldForSearch).
 */
export function typoDistance(typed: string, word: string): number {
  // rows[i][j]: typos between typed[0, i) and word[0, j).
  const rows: number[][] = [Array.from({ length: word.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= typed.length; i++) {
    const row = [i]
    for (let j = 1; j <= word.length; j++) {
      const same = typed[i - 1] === word[j - 1] ? 0 : 1
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + same)
      if (i > 1 && j > 1 && typed[i - 1] === word[j - 2] && typed[i - 2] === word[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1)
      row.push(best)
    }
    rows.push(row)
  }
  return Math.min(...rows[typed.length]!)
}
