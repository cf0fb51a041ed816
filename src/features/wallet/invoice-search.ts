// The search of the pages the checkout sends the person back to (/wallet/success, /wallet/failed). It imports
// nothing: route definitions load with the first screen.

/** `?invoice_id=…`: a positive whole number, or nothing. */
export const parseInvoiceSearch = (search: Record<string, unknown>): { invoice_id?: number } => {
  const id = Number(search.invoice_id)
  return Number.isSafeInteger(id) && id > 0 ? { invoice_id: id } : {}
}
