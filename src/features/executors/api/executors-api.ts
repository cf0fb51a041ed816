import { profileEndpoints as endpoints } from '#contract/profile-endpoints.ts'
import { api } from '#src/lib/api.ts'
import { loadDistricts } from '#src/lib/districts.ts'
import { savedCall } from '#src/lib/saved-call.ts'
import type { ExecutorsQuery } from '../executors-query.ts'

export const executorsApi = {
  /**
   * A page of the list, after `query.cursor` when it has one; the first one is kept on the device, so a search
   * opened before opens offline too.
   */
  page: (query: ExecutorsQuery) =>
    query.page === '1' && query.cursor === undefined
      ? savedCall(
          `executors:${new URLSearchParams(query as Record<string, string>).toString()}`,
          () => api.call(endpoints.executors, { query }),
          { keepAtOnce: true },
        )
      : api.call(endpoints.executors, { query }).then((data) => ({ data, saved: false as const })),

  /** The regions with their districts, for the district filter. */
  districts: loadDistricts,
}
