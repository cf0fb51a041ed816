import { authEndpoints } from '#contract/auth-endpoints.ts'
import { coreEndpoints } from '#contract/core-endpoints.ts'
import { profileEndpoints } from '#contract/profile-endpoints.ts'

// Not the whole `endpoints` record: the order schemas stay out of the chunks that use this.
const endpoints = {
  ...coreEndpoints,
  ...authEndpoints,
  profile: profileEndpoints.profile,
  updateProfile: profileEndpoints.updateProfile,
}
import type { UserType } from '#contract/schemas/profile.ts'
import { api } from '#src/lib/api.ts'

export type SmsPurpose = 'register' | 'reset_pass'

export const authApi = {
  isRegistered: async (phone: string) => (await api.call(endpoints.smsCheck, { query: { phone } })).status,
  sendCode: (phone: string, type: SmsPurpose) => api.call(endpoints.smsSend, { body: { phone, type } }),
  verifyCode: (requiredId: string, code: string) =>
    api.call(endpoints.smsVerify, { body: { required_id: requiredId, code } }),
  login: (body: { username: string; password: string; type: UserType }) =>
    api.call(endpoints.login, { body }),
  register: (body: {
    name: string
    surname: string
    patronymic?: string | null
    email?: string | null
    username: string
    password: string
    password_confirmation: string
    type: UserType
    required_id: string
    invite?: string | null
  }) => api.call(endpoints.register, { body }),
  resetPassword: (body: {
    phone: string
    password: string
    password_confirmation: string
    smsCode: string
    type: UserType
    required_id: string
  }) => api.call(endpoints.resetPassword, { body: { ...body, username: body.phone } }),
  logout: () => api.call(endpoints.logout),
  saveType: (id: number, type: UserType) =>
    api.call(endpoints.updateProfile, { params: { id }, body: { type } }),
  profile: () => api.call(endpoints.profile),
}
