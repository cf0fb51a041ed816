/** `?invoice_id=…` of the result pages: a positive whole number, or nothing. */
export function invoiceSearch(search: Record<string, unknown>): { invoice_id?: number } {
  const id = Number(search.invoice_id)
  return Number.isSafeInteger(id) && id > 0 ? { invoice_id: id } : {}
}
