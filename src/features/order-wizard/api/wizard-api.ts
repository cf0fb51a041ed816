import { endpoints } from '#contract/endpoints.ts'
import { api } from '#src/lib/api.ts'
import { savedCall } from '#src/lib/saved-call.ts'

export const wizardApi = {
  /** A category with its services and their sub-services; kept on the device (the same copy the catalogue keeps). */
  category: (slug: string) =>
    savedCall(`category:${slug}`, () => api.call(endpoints.category, { params: { id: slug } })),
}
