// The typo tolerance of search, shared by the server and the app's offline search. Apart from search-text.ts on
// purpose: the first screen folds text (the search field) but never measures typos, so this stays out of its code.

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
