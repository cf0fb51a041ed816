import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PhoneField } from '#src/components/phone-field.tsx'
import { PHONE_MASK_LENGTH, phoneDigits } from '#src/components/phone-mask.ts'
import { formatCountdown } from '#src/components/use-countdown.ts'
import { renderInApp } from './helpers.tsx'

describe('the phone mask', () => {
  it('formats typed digits as +998 ## ###-##-##', async () => {
    const user = userEvent.setup()
    renderInApp(<PhoneField label="Телефон" />)
    const input = (await screen.findByLabelText('Телефон')) as HTMLInputElement
    await user.type(input, '901234567')
    expect(input.value).toBe('+998 90 123-45-67')
    expect(input.value).toHaveLength(PHONE_MASK_LENGTH)
    expect(phoneDigits(input.value)).toBe('998901234567')
  })

  it('ignores letters and stops at nine digits', async () => {
    const user = userEvent.setup()
    renderInApp(<PhoneField label="Телефон" />)
    const input = (await screen.findByLabelText('Телефон')) as HTMLInputElement
    await user.type(input, '90a12b3456789')
    expect(input.value).toBe('+998 90 123-45-67')
  })

  it('accepts a pasted full number', async () => {
    const user = userEvent.setup()
    renderInApp(<PhoneField label="Телефон" />)
    const input = (await screen.findByLabelText('Телефон')) as HTMLInputElement
    await user.click(input)
    await user.paste('+998 90 765 43 21')
    expect(input.value).toBe('+998 90 765-43-21')
  })
})

describe('formatCountdown', () => {
  it.each([
    [59, '00:59'],
    [9, '00:09'],
    [0, '00:00'],
    [75, '01:15'],
  ])('shows %i s as %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown)
  })
})
