import { profileEndpoints } from '#contract/profile-endpoints.ts'
import { api } from './api.ts'
import { savedCall } from './saved-call.ts'

/** The regions with their districts (a fixed list, kept on the device so forms and filters work offline). */
export const loadDistricts = () =>
  savedCall('districts', async () => (await api.call(profileEndpoints.districts)).collection)
