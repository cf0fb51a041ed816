import * as v from 'valibot'
import { INVITE_CODE_MAX } from './invite.ts'
import { PhoneSchema } from './phone.ts'
import { ProfileSchema, USER_TYPES } from './profile.ts'

export const NAME_MAX = 25
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 128
export const SMS_CODE_LENGTH = 4
export const SMS_TYPES = ['register', 'reset_pass'] as const
export type SmsType = (typeof SMS_TYPES)[number]

const personName = (required: string, max: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(NAME_MAX, max))

/** The password rules of spec section 5, with the message keys of the form that shows them. */
const newPassword = (required: string) =>
  v.pipe(
    v.string(required),
    v.nonEmpty(required),
    v.minLength(PASSWORD_MIN, 'password_least'),
    v.maxLength(PASSWORD_MAX, 'password_max'),
    v.regex(/\p{L}/u, 'password_letters_digits'),
    v.regex(/\d/, 'password_letters_digits'),
  )

export const SmsCodeSchema = v.pipe(
  v.string('specify_sms_code'),
  v.trim(),
  v.nonEmpty('specify_sms_code'),
  v.minLength(SMS_CODE_LENGTH, 'sms_code_least_min'),
  v.maxLength(SMS_CODE_LENGTH, 'sms_code_least_max'),
  v.regex(/^\d+$/, 'wrong_sms_code'),
)

const RequiredIdSchema = v.pipe(
  v.string('required_id_required'),
  v.trim(),
  v.nonEmpty('required_id_required'),
  v.uuid('sms_not_verified'),
)

const optionalText = (max: number, message: string) =>
  v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, message))), null)

export const NameSchema = personName('name_required', 'name_max')
export const SurnameSchema = personName('surname_required', 'surname_max')
export const PasswordSchema = newPassword('password_required')
export const NewPasswordSchema = newPassword('specify_password')
/** Optional at registration (the spec's full registration): left empty, it is stored as null. */
export const PatronymicSchema = optionalText(NAME_MAX, 'patronymic_max')
export const RegisterEmailSchema = v.optional(
  v.nullable(
    v.union(
      [
        v.literal(''),
        v.pipe(v.string(), v.trim(), v.email('email_invalid'), v.maxLength(254, 'email_invalid')),
      ],
      'email_invalid',
    ),
  ),
  null,
)
export const PasswordConfirmationSchema = v.pipe(v.string('confirm_password'), v.nonEmpty('confirm_password'))
export const UserTypeSchema = v.picklist(USER_TYPES, 'type_required')

/** A new password typed twice, as the registration and reset forms ask for it. */
export const passwordPairSchema = (password: typeof PasswordSchema | typeof NewPasswordSchema) =>
  v.pipe(
    v.object({ password, password_confirmation: PasswordConfirmationSchema }),
    v.forward(
      v.partialCheck(
        [['password'], ['password_confirmation']],
        (input) => input.password === input.password_confirmation,
        'confirm_sameAsPassword',
      ),
      ['password_confirmation'],
    ),
  )

export const LoginBodySchema = v.object({
  username: PhoneSchema,
  password: v.pipe(v.string('password_required'), v.nonEmpty('password_required')),
  type: UserTypeSchema,
})
export type LoginBody = v.InferOutput<typeof LoginBodySchema>

/**
 * The spec's registration payload plus `required_id`: the id of an SMS verification of this phone, so that a client
 * which skips the code cannot register.
 */
export const RegisterBodySchema = v.pipe(
  v.object({
    name: NameSchema,
    surname: SurnameSchema,
    patronymic: PatronymicSchema,
    username: PhoneSchema,
    email: RegisterEmailSchema,
    password: PasswordSchema,
    password_confirmation: PasswordConfirmationSchema,
    type: UserTypeSchema,
    required_id: RequiredIdSchema,
    /** The code of the invite link the person came by (decision 015, "Bonuses"); an unknown one is ignored. */
    invite: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(INVITE_CODE_MAX, 'invite_invalid'))), null),
  }),
  // NOTE: written inline in each pipe because valibot infers the paths only from the schema it follows.
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (input) => input.password === input.password_confirmation,
      'confirm_sameAsPassword',
    ),
    ['password_confirmation'],
  ),
)
export type RegisterBody = v.InferOutput<typeof RegisterBodySchema>

/** The spec's reset form (username, smsCode and type besides phone and the passwords) plus `required_id`. */
export const ResetPasswordBodySchema = v.pipe(
  v.object({
    phone: PhoneSchema,
    username: v.optional(v.string()),
    password: NewPasswordSchema,
    password_confirmation: PasswordConfirmationSchema,
    smsCode: SmsCodeSchema,
    type: v.pipe(
      v.string('specify_type_user'),
      v.nonEmpty('specify_type_user'),
      v.picklist(USER_TYPES, 'type_required'),
    ),
    required_id: RequiredIdSchema,
  }),
  // NOTE: written inline in each pipe because valibot infers the paths only from the schema it follows.
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (input) => input.password === input.password_confirmation,
      'confirm_sameAsPassword',
    ),
    ['password_confirmation'],
  ),
)
export type ResetPasswordBody = v.InferOutput<typeof ResetPasswordBodySchema>

export const SmsCheckQuerySchema = v.object({ phone: PhoneSchema })
export const SmsCheckResponseSchema = v.object({ status: v.boolean() })

export const SmsSendBodySchema = v.object({
  phone: PhoneSchema,
  type: v.picklist(SMS_TYPES, 'sms_type_invalid'),
})
export type SmsSendBody = v.InferOutput<typeof SmsSendBodySchema>
export const SmsSendResponseSchema = v.object({
  status: v.boolean(),
  required_id: v.string(),
  /** Seconds before another code may be asked for this phone. */
  retry_after: v.number(),
})

export const SmsVerifyBodySchema = v.object({ required_id: RequiredIdSchema, code: SmsCodeSchema })
export type SmsVerifyBody = v.InferOutput<typeof SmsVerifyBodySchema>
export const SmsVerifyResponseSchema = v.object({ isChecked: v.literal(true) })

export const SessionResponseSchema = v.object({ token: v.string(), profile: ProfileSchema })
export type SessionResponse = v.InferOutput<typeof SessionResponseSchema>
export const ResetPasswordResponseSchema = v.object({
  status: v.boolean(),
  token: v.string(),
  profile: ProfileSchema,
})
export const RefreshResponseSchema = v.object({ token: v.string() })
export const StatusResponseSchema = v.object({ status: v.boolean() })
