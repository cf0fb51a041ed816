/**
 * The message of every error code, in English: the code is its id in the server's catalogs
 * (server/locales/{locale}.po), where `npm run extract` puts it for translators. `{n}` is a number (seconds,
 * limits); other `{name}` places take the error's named values (server/i18n/messages.ts formats them).
 * NOTE: a code missing here does not compile, and an untranslated one fails a test (tests/server/messages.test.ts).
 */
import type { ErrorCode } from '#contract/errors.ts'
import type { ServerMessage } from './catalog.ts'

export const errorMessages = {
  wrong_sms_code: /*i18n*/ { id: 'wrong_sms_code', message: 'Wrong SMS code, try again' },
  user_with_this_number: /*i18n*/ {
    id: 'user_with_this_number',
    message: 'A user with this number already exists',
  },
  user_not_reg: /*i18n*/ { id: 'user_not_reg', message: 'User is not registered' },
  phone_number_required: /*i18n*/ { id: 'phone_number_required', message: 'Enter your phone number' },
  correct_pnone_number: /*i18n*/ {
    id: 'correct_pnone_number',
    message: 'Enter a valid phone number: +998 and 9 digits',
  },
  password_required: /*i18n*/ { id: 'password_required', message: 'Enter your password' },
  type_required: /*i18n*/ { id: 'type_required', message: 'Choose customer or executor' },
  specify_password: /*i18n*/ { id: 'specify_password', message: 'Specify a password' },
  password_least: /*i18n*/ {
    id: 'password_least',
    message: 'The password must be at least {n} characters long',
  },
  specify_sms_code: /*i18n*/ { id: 'specify_sms_code', message: 'Enter the SMS code' },
  sms_code_least_min: /*i18n*/ { id: 'sms_code_least_min', message: 'The code must have {n} digits' },
  sms_code_least_max: /*i18n*/ { id: 'sms_code_least_max', message: 'The code must have {n} digits' },
  confirm_password: /*i18n*/ { id: 'confirm_password', message: 'Confirm the password' },
  confirm_sameAsPassword: /*i18n*/ { id: 'confirm_sameAsPassword', message: 'The passwords do not match' },
  specify_type_user: /*i18n*/ { id: 'specify_type_user', message: 'Specify the user type' },
  name_required: /*i18n*/ { id: 'name_required', message: 'Enter your first name' },
  name_max: /*i18n*/ { id: 'name_max', message: 'The first name must be at most {n} characters' },
  surname_required: /*i18n*/ { id: 'surname_required', message: 'Enter your surname' },
  surname_max: /*i18n*/ { id: 'surname_max', message: 'The surname must be at most {n} characters' },
  patronymic_max: /*i18n*/ { id: 'patronymic_max', message: 'The patronymic must be at most {n} characters' },
  email_invalid: /*i18n*/ { id: 'email_invalid', message: 'Enter a valid e-mail address' },
  password_max: /*i18n*/ { id: 'password_max', message: 'The password must be at most {n} characters' },
  password_letters_digits: /*i18n*/ {
    id: 'password_letters_digits',
    message: 'The password must contain letters and digits',
  },
  password_too_common: /*i18n*/ {
    id: 'password_too_common',
    message: 'This password is too common, choose another one',
  },
  sms_type_invalid: /*i18n*/ { id: 'sms_type_invalid', message: 'Unknown code purpose' },
  required_id_required: /*i18n*/ { id: 'required_id_required', message: 'Request an SMS code first' },
  sms_not_verified: /*i18n*/ {
    id: 'sms_not_verified',
    message: 'The phone number has not been confirmed with an SMS code',
  },
  sms_code_expired: /*i18n*/ { id: 'sms_code_expired', message: 'The code has expired, request a new one' },
  sms_code_attempts_exceeded: /*i18n*/ {
    id: 'sms_code_attempts_exceeded',
    message: 'Too many wrong tries for this code, request a new one',
  },
  sms_attempts_exhausted: /*i18n*/ {
    id: 'sms_attempts_exhausted',
    message: 'Too many wrong codes for this number. Try again in {n} s',
  },
  sms_resend_too_soon: /*i18n*/ { id: 'sms_resend_too_soon', message: 'You can request a new code in {n} s' },
  sms_limit_phone: /*i18n*/ {
    id: 'sms_limit_phone',
    message: 'Too many codes for this number. Try again in {n} s',
  },
  sms_limit_ip: /*i18n*/ {
    id: 'sms_limit_ip',
    message: 'Too many code requests from your device. Try again in {n} s',
  },
  sms_send_failed: /*i18n*/ { id: 'sms_send_failed', message: 'The SMS could not be sent, try again later' },
  wrong_credentials: /*i18n*/ { id: 'wrong_credentials', message: 'Wrong phone number or password' },
  too_many_login_attempts: /*i18n*/ {
    id: 'too_many_login_attempts',
    message: 'Too many failed logins. Try again in {n} s',
  },
  unauthorized: /*i18n*/ { id: 'unauthorized', message: 'Log in to continue' },
  token_expired: /*i18n*/ { id: 'token_expired', message: 'Your session has expired, log in again' },
  refresh_invalid: /*i18n*/ { id: 'refresh_invalid', message: 'Your session has ended, log in again' },
  refresh_reused: /*i18n*/ {
    id: 'refresh_reused',
    message: 'Your session was ended for safety, log in again',
  },
  forbidden: /*i18n*/ { id: 'forbidden', message: 'Temporarily no access' },
  not_found: /*i18n*/ { id: 'not_found', message: 'Nothing found' },
  too_many_requests: /*i18n*/ { id: 'too_many_requests', message: 'Too many requests. Try again in {n} s' },
  invalid_request: /*i18n*/ { id: 'invalid_request', message: 'Check the data you entered' },
  service_name_required: /*i18n*/ { id: 'service_name_required', message: 'Enter the name of the service' },
  service_name_max: /*i18n*/ {
    id: 'service_name_max',
    message: 'The service name must be at most {n} characters',
  },
  category_required: /*i18n*/ { id: 'category_required', message: 'Choose a category' },
  category_not_found: /*i18n*/ { id: 'category_not_found', message: 'There is no such category' },
  parent_not_in_category: /*i18n*/ {
    id: 'parent_not_in_category',
    message: 'The parent service does not belong to this category',
  },
  services_required: /*i18n*/ { id: 'services_required', message: 'Choose at least one service' },
  order_name_required: /*i18n*/ {
    id: 'order_name_required',
    message: 'Name the order: at least 3 characters',
  },
  work_place_required: /*i18n*/ {
    id: 'work_place_required',
    message: 'Choose where the work happens: at the customer, at the executor or online',
  },
  start_in_past: /*i18n*/ { id: 'start_in_past', message: 'The start must be later than now' },
  end_before_start: /*i18n*/ { id: 'end_before_start', message: 'The end must be later than the start' },
  price_max_below_min: /*i18n*/ {
    id: 'price_max_below_min',
    message: 'The maximum price must be above the minimum',
  },
  reply_too_short: /*i18n*/ { id: 'reply_too_short', message: 'The reply must be at least 5 characters' },
  review_too_short: /*i18n*/ { id: 'review_too_short', message: 'The review must be at least 10 characters' },
  rating_required: /*i18n*/ { id: 'rating_required', message: 'Give a rating from 1 to 5' },
  only_customers_order: /*i18n*/ { id: 'only_customers_order', message: 'Only customers can order' },
  cannot_order_from_yourself: /*i18n*/ {
    id: 'cannot_order_from_yourself',
    message: 'You cannot order from yourself',
  },
  order_wrong_status: /*i18n*/ { id: 'order_wrong_status', message: 'Status change failed, try again' },
  already_replied: /*i18n*/ { id: 'already_replied', message: 'You have already replied to this order' },
  executor_did_not_reply: /*i18n*/ {
    id: 'executor_did_not_reply',
    message: 'This executor did not reply to the order',
  },
  already_reviewed: /*i18n*/ { id: 'already_reviewed', message: 'This order has already been reviewed' },
  file_invalid: /*i18n*/ { id: 'file_invalid', message: 'The file is too large or of a wrong format' },
  error_occurred: /*i18n*/ { id: 'error_occurred', message: 'An error occurred' },
  executor_not_found: /*i18n*/ {
    id: 'executor_not_found',
    message: 'This specialist was not found or does not accept orders',
  },
  service_not_offered: /*i18n*/ {
    id: 'service_not_offered',
    message: 'This specialist does not provide the chosen service: choose one of their services',
  },
  open_orders_limit: /*i18n*/ {
    id: 'open_orders_limit',
    message:
      'You can have at most {n} active orders at a time: complete, cancel or delete one of them to post a new one',
  },
  id_invalid: /*i18n*/ { id: 'id_invalid', message: 'No such record: the number is not valid' },
  page_invalid: /*i18n*/ { id: 'page_invalid', message: 'The page number must be from 1 to {n}' },
  page_needs_cursor: /*i18n*/ {
    id: 'page_needs_cursor',
    message: 'Pages by number go up to {n}; further pages follow the cursor (meta.next_cursor)',
  },
  per_page_invalid: /*i18n*/ { id: 'per_page_invalid', message: 'The number of items per page is not valid' },
  price_invalid: /*i18n*/ {
    id: 'price_invalid',
    message: "Enter the price as a whole number from 0 to 10 000 000 000 so'm",
  },
  date_invalid: /*i18n*/ { id: 'date_invalid', message: 'The date or time is not valid' },
  coordinates_invalid: /*i18n*/ { id: 'coordinates_invalid', message: 'The point on the map is not valid' },
  bbox_invalid: /*i18n*/ { id: 'bbox_invalid', message: 'The map area is not valid' },
  order_name_max: /*i18n*/ {
    id: 'order_name_max',
    message: 'The order title must be at most {n} characters',
  },
  address_max: /*i18n*/ { id: 'address_max', message: 'The address must be at most {n} characters' },
  area_max: /*i18n*/ { id: 'area_max', message: 'The district and city must be at most {n} characters' },
  text_max: /*i18n*/ { id: 'text_max', message: 'The text must be at most {n} characters' },
  services_too_many: /*i18n*/ { id: 'services_too_many', message: 'Choose at most {n} services' },
  search_too_long: /*i18n*/ { id: 'search_too_long', message: 'The search must be at most {n} characters' },
  malformed_json: /*i18n*/ {
    id: 'malformed_json',
    message: 'The request could not be read: the JSON is not valid',
  },
  multipart_invalid: /*i18n*/ {
    id: 'multipart_invalid',
    message: 'The data sent could not be read, send it again',
  },
  unsupported_media_type: /*i18n*/ {
    id: 'unsupported_media_type',
    message: 'This data format is not supported',
  },
  request_too_large: /*i18n*/ { id: 'request_too_large', message: 'The request is too large' },
  headers_too_large: /*i18n*/ { id: 'headers_too_large', message: 'The request headers are too large' },
  url_too_long: /*i18n*/ { id: 'url_too_long', message: 'The request address is too long' },
  text_too_long: /*i18n*/ { id: 'text_too_long', message: 'The text is too long' },
  title_required: /*i18n*/ { id: 'title_required', message: 'Enter a title' },
  title_max: /*i18n*/ { id: 'title_max', message: 'The title must be at most {n} characters' },
  discount_invalid: /*i18n*/ {
    id: 'discount_invalid',
    message: 'The discount is a whole number from 0 to 100',
  },
  calendar_overlap: /*i18n*/ {
    id: 'calendar_overlap',
    message: 'The event overlaps existing events on {dates}',
  },
  current_password_wrong: /*i18n*/ { id: 'current_password_wrong', message: 'The current password is wrong' },
  category_required_first: /*i18n*/ { id: 'category_required_first', message: 'Choose a category first' },
  speciality_service_not_in_category: /*i18n*/ {
    id: 'speciality_service_not_in_category',
    message: 'This service is not in the chosen category',
  },
  too_many_items: /*i18n*/ {
    id: 'too_many_items',
    message: 'The limit is reached: delete one to add another',
  },
  too_many_files: /*i18n*/ { id: 'too_many_files', message: 'At most {n} files' },
  reorder_ids_invalid: /*i18n*/ {
    id: 'reorder_ids_invalid',
    message: 'The list has changed, reload the page',
  },
  calendar_range_invalid: /*i18n*/ {
    id: 'calendar_range_invalid',
    message: 'Choose a period of 1 to {n} days',
  },
  district_invalid: /*i18n*/ { id: 'district_invalid', message: 'Choose a district from the list' },
  push_subscription_invalid: /*i18n*/ {
    id: 'push_subscription_invalid',
    message: 'The browser sent an invalid notification subscription, try turning them on again',
  },
  push_endpoint_invalid: /*i18n*/ {
    id: 'push_endpoint_invalid',
    message:
      'This browser delivers notifications through a service we do not support: turn them on in Chrome, Firefox, Edge or Safari',
  },
  cursor_invalid: /*i18n*/ {
    id: 'cursor_invalid',
    message: 'The list has changed, open it again from the first page',
  },
  client_id_invalid: /*i18n*/ {
    id: 'client_id_invalid',
    message: 'The message could not be sent, reload the page',
  },
  message_empty: /*i18n*/ { id: 'message_empty', message: 'Write a message' },
  message_too_long: /*i18n*/ {
    id: 'message_too_long',
    message: 'The message is longer than {n} characters, shorten it',
  },
  chat_blocked: /*i18n*/ {
    id: 'chat_blocked',
    message: 'This conversation is blocked: messages cannot be sent',
  },
  chat_not_allowed: /*i18n*/ {
    id: 'chat_not_allowed',
    message: 'Only the customer and the specialists who replied can write about this order',
  },
  cannot_chat_with_yourself: /*i18n*/ {
    id: 'cannot_chat_with_yourself',
    message: 'You cannot write to yourself',
  },
  chat_rate_limited: /*i18n*/ {
    id: 'chat_rate_limited',
    message: 'Too many messages in a row. Wait {n} s and send again',
  },
  report_text_max: /*i18n*/ {
    id: 'report_text_max',
    message: 'The details of a report must be at most {n} characters',
  },
  report_reason_required: /*i18n*/ {
    id: 'report_reason_required',
    message: 'Choose why you are reporting it',
  },
  already_reported: /*i18n*/ { id: 'already_reported', message: 'You have already reported this message' },
  cannot_report_own_message: /*i18n*/ {
    id: 'cannot_report_own_message',
    message: 'You cannot report your own message',
  },
  plan_invalid: /*i18n*/ { id: 'plan_invalid', message: 'Choose a plan: starter, master or professional' },
  months_invalid: /*i18n*/ { id: 'months_invalid', message: 'A plan is bought for 1, 2 or 3 months' },
  provider_invalid: /*i18n*/ { id: 'provider_invalid', message: 'Choose a payment method: Payme or Click' },
  only_specialists_buy_plans: /*i18n*/ {
    id: 'only_specialists_buy_plans',
    message: 'Plans are for specialists: switch to specialist mode',
  },
  payment_unavailable: /*i18n*/ {
    id: 'payment_unavailable',
    message: 'This payment method is not available now, choose another',
  },
  // spec section 8: "payment failed or cancelled, try later" (shown on /wallet/failed)
  payment_failed: /*i18n*/ { id: 'payment_failed', message: 'Payment failed or was cancelled, try later' },
  // graduates' promo codes (decision 015, "Promo codes")
  promo_code_invalid: /*i18n*/ {
    id: 'promo_code_invalid',
    message: 'A promo code is up to 32 Latin letters, digits, "-" and "_"',
  },
  promo_code_not_found: /*i18n*/ {
    id: 'promo_code_not_found',
    message: 'There is no such promo code, check it',
  },
  promo_code_expired: /*i18n*/ {
    id: 'promo_code_expired',
    message: 'The promo code has expired or is not valid yet',
  },
  promo_code_used_up: /*i18n*/ {
    id: 'promo_code_used_up',
    message: 'The promo code has been used the maximum number of times',
  },
  plan_required_starter: /*i18n*/ {
    id: 'plan_required_starter',
    message: 'This comes with the Starter plan: choose it in your wallet',
  },
  plan_required_master: /*i18n*/ {
    id: 'plan_required_master',
    message: 'This comes with the Master plan: choose it in your wallet',
  },
  plan_required_professional: /*i18n*/ {
    id: 'plan_required_professional',
    message: 'This comes with the Professional plan: choose it in your wallet',
  },
  specialities_limit_without_plan: /*i18n*/ {
    id: 'specialities_limit_without_plan',
    message: 'Without a plan you can list up to {n} specialties; the Starter plan removes the limit',
  },
  file_too_large_without_plan: /*i18n*/ {
    id: 'file_too_large_without_plan',
    message: 'Without a plan a file may be up to {n} MB; with the Starter plan, up to 10 MB',
  },
  promotion_days_invalid: /*i18n*/ {
    id: 'promotion_days_invalid',
    message: 'Promotion is switched on for 1 to {n} days',
  },
  telegram_not_linked: /*i18n*/ {
    id: 'telegram_not_linked',
    message:
      'This Telegram account is not linked to a Fika account yet. Log in to the app and link it in Profile → Settings → Connect Telegram',
  },
  telegram_unavailable: /*i18n*/ {
    id: 'telegram_unavailable',
    message: 'Telegram is not connected to this site yet',
  },
  email_link_invalid: /*i18n*/ {
    id: 'email_link_invalid',
    message: 'This link has expired or was already used. Send a new one from Profile → Settings',
  },
  email_not_set: /*i18n*/ { id: 'email_not_set', message: 'Enter your e-mail address first' },
  email_resend_too_soon: /*i18n*/ {
    id: 'email_resend_too_soon',
    message: 'You can request a new link in {n} s',
  },
  email_unavailable: /*i18n*/ {
    id: 'email_unavailable',
    message: 'Mail is not connected to this site yet',
  },
  document_type_invalid: /*i18n*/ {
    id: 'document_type_invalid',
    message: 'Choose a passport, an ID card or a driver licence',
  },
  document_photo_required: /*i18n*/ {
    id: 'document_photo_required',
    message: 'Add a clear photo of the document and a selfie holding it (JPEG, PNG or WebP)',
  },
  verification_not_allowed: /*i18n*/ {
    id: 'verification_not_allowed',
    message: 'Your documents are already under review, or your identity is already confirmed',
  },
  only_specialists_verify: /*i18n*/ {
    id: 'only_specialists_verify',
    message: 'Identity is confirmed in specialist mode',
  },
  deny_reason_required: /*i18n*/ { id: 'deny_reason_required', message: 'Choose the reason for the refusal' },
  submission_decided: /*i18n*/ {
    id: 'submission_decided',
    message: 'Another moderator has already decided on these documents',
  },
  cannot_report_own: /*i18n*/ {
    id: 'cannot_report_own',
    message: 'You cannot report your own order or profile',
  },
  report_decided: /*i18n*/ {
    id: 'report_decided',
    message: 'Another moderator has already decided on this report',
  },
  cannot_block_staff: /*i18n*/ {
    id: 'cannot_block_staff',
    message: 'Moderators and support staff cannot be blocked',
  },
  proposal_decided: /*i18n*/ {
    id: 'proposal_decided',
    message: 'Another moderator has already decided on this proposed service',
  },
  slug_invalid: /*i18n*/ {
    id: 'slug_invalid',
    message: 'The address may have lower-case Latin letters, digits and hyphens, and at least one letter',
  },
  slug_taken: /*i18n*/ { id: 'slug_taken', message: 'This address is already in use' },
  merge_target_invalid: /*i18n*/ {
    id: 'merge_target_invalid',
    message: 'Choose another approved service of the same category',
  },
  moderation_reason_required: /*i18n*/ { id: 'moderation_reason_required', message: 'Write the reason' },
  review_already_hidden: /*i18n*/ { id: 'review_already_hidden', message: 'This review is already hidden' },
  review_not_hidden: /*i18n*/ { id: 'review_not_hidden', message: 'This review is not hidden' },
  content_title_max: /*i18n*/ {
    id: 'content_title_max',
    message: 'The title must be at most {n} characters',
  },
  content_description_max: /*i18n*/ {
    id: 'content_description_max',
    message: 'The description must be at most {n} characters',
  },
  content_body_max: /*i18n*/ { id: 'content_body_max', message: 'The text must be at most {n} characters' },
  marquee_text_required: /*i18n*/ { id: 'marquee_text_required', message: 'Enter the text in Russian' },
  marquee_text_max: /*i18n*/ { id: 'marquee_text_max', message: 'The text must be at most {n} characters' },
  marquee_full: /*i18n*/ { id: 'marquee_full', message: 'The strip already has {n} items: remove one first' },
  // the specialist's working day (docs/decisions/031-workday.md)
  landmark_max: /*i18n*/ { id: 'landmark_max', message: 'The landmark must be at most {n} characters' },
  only_executors_work: /*i18n*/ {
    id: 'only_executors_work',
    message: 'Only specialists have jobs and a work calendar',
  },
  progress_not_your_job: /*i18n*/ {
    id: 'progress_not_your_job',
    message: 'Only the specialist who accepted this order can mark its steps',
  },
  progress_not_in_progress: /*i18n*/ {
    id: 'progress_not_in_progress',
    message: 'Steps can be marked only while the order is in progress',
  },
  progress_step_taken: /*i18n*/ { id: 'progress_step_taken', message: 'This step is already marked' },
  progress_step_backwards: /*i18n*/ {
    id: 'progress_step_backwards',
    message: 'A later step is already marked: steps cannot go back',
  },
  eta_invalid: /*i18n*/ { id: 'eta_invalid', message: 'The arrival time must be from 1 to 600 minutes' },
  eta_only_on_my_way: /*i18n*/ {
    id: 'eta_only_on_my_way',
    message: 'The arrival time goes only with “On my way”',
  },
  tapped_at_invalid: /*i18n*/ {
    id: 'tapped_at_invalid',
    message: "The time of the mark is wrong: check the phone's clock",
  },
  client_key_invalid: /*i18n*/ { id: 'client_key_invalid', message: 'Invalid request key' },
  jobs_range_invalid: /*i18n*/ {
    id: 'jobs_range_invalid',
    message: 'Choose a period of at most 31 days, its end after its start',
  },
  not_ready: /*i18n*/ {
    id: 'not_ready',
    message: 'The service is briefly unavailable, try again in a moment',
  },
  invite_invalid: /*i18n*/ { id: 'invite_invalid', message: 'Invalid invite code' },
  promo_code_wrong_plan: /*i18n*/ {
    id: 'promo_code_wrong_plan',
    message: 'This promo code is for another plan',
  },
} as const satisfies Record<ErrorCode, ServerMessage>
