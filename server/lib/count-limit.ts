/**
 * Lists (orders, specialists, notifications) count matching rows up to this many; `meta.total` says 10000 for
 * "10,000 or more": endless scrolling needs no more, and an exact count of a large list costs a full scan.
 */
export const COUNT_LIMIT = 10_000
