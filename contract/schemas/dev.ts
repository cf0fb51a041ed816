import * as v from 'valibot'
import { PhoneSchema } from './phone.ts'

export const DevSmsQuerySchema = v.object({ phone: PhoneSchema })
export const DevSmsResponseSchema = v.object({
  messages: v.array(
    v.object({ phone: v.string(), text: v.string(), code: v.string(), created_at: v.string() }),
  ),
})
