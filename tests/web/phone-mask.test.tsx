import { fireEvent, screen } from '@testing-library/react'
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

  it('brings +998 with the first digit, not on focus', async () => {
    const user = userEvent.setup()
    renderInApp(<PhoneField label="Телефон" />)
    const input = (await screen.findByLabelText('Телефон')) as HTMLInputElement
    await user.click(input)
    expect(input.value).toBe('')
    await user.keyboard('9')
    expect(input.value).toBe('+998 9')
  })

  it.each(['+998 90 123 45 67', '+998901234567', '998901234567'])(
    'reads %s typed right after focus as the country code and the number',
    async (typed) => {
      const user = userEvent.setup()
      renderInApp(<PhoneField label="Телефон" />)
      const input = (await screen.findByLabelText('Телефон')) as HTMLInputElement
      await user.click(input)
      await user.keyboard(typed)
      expect(input.value).toBe('+998 90 123-45-67')
    },
  )

  it('takes an Uzbekistan number pasted or autofilled in any usual form', async () => {
    const user = userEvent.setup()
    for (const form of [
      '+998 90 123 45 67',
      '998901234567',
      '901234567',
      '90-123-45-67',
      '00998 90 123 45 67',
    ]) {
      const pasted = renderInApp(<PhoneField label="Телефон" />)
      const input = (await screen.findByLabelText('Телефон')) as HTMLInputElement
      await user.click(input)
      await user.paste(form)
      expect([form, input.value]).toEqual([form, '+998 90 123-45-67'])
      pasted.unmount()

      // Autofill sets the value without typing: one input event, no beforeinput.
      const filled = renderInApp(<PhoneField label="Телефон" />)
      const field = (await screen.findByLabelText('Телефон')) as HTMLInputElement
      fireEvent.input(field, { target: { value: form } })
      expect([form, field.value]).toEqual([form, '+998 90 123-45-67'])
      expect(screen.queryByRole('alert')).toBeNull()
      filled.unmount()
    }
  })

  describe('a number of another country', () => {
    const refusal = (number: string) => `Принимаются только номера Узбекистана +998. Не введён: ${number}`
    /** The message under the field, found through the field's aria-describedby. */
    const messageOf = (input: HTMLInputElement) => {
      expect(input.getAttribute('aria-invalid')).toBe('true')
      const message = document.getElementById(input.getAttribute('aria-describedby') ?? '')
      expect(message?.getAttribute('role')).toBe('alert')
      return message?.textContent
    }

    it.each(['+7 912 123-45-67', '+1 212 555 0100', '+44 20 7946 0958', '8 912 123-45-67', '89121234567'])(
      'is refused when %s is pasted: the field stays empty and says why, showing the pasted number',
      async (pasted) => {
        const user = userEvent.setup()
        renderInApp(<PhoneField label="Телефон" />)
        const input = (await screen.findByLabelText('Телефон')) as HTMLInputElement
        await user.click(input)
        await user.paste(pasted)
        expect(input.value).toBe('')
        expect(messageOf(input)).toBe(refusal(pasted))
      },
    )

    it('pasted over a number keeps that number', async () => {
      const user = userEvent.setup()
      renderInApp(<PhoneField label="Телефон" />)
      const input = (await screen.findByLabelText('Телефон')) as HTMLInputElement
      await user.type(input, '901234567')
      await user.tripleClick(input)
      await user.paste('+7 912 123-45-67')
      expect(input.value).toBe('+998 90 123-45-67')
      expect(messageOf(input)).toBe(refusal('+7 912 123-45-67'))
    })

    it('typed after + is refused as typed, until the person edits the field', async () => {
      const user = userEvent.setup()
      renderInApp(<PhoneField label="Телефон" />)
      const input = (await screen.findByLabelText('Телефон')) as HTMLInputElement
      await user.click(input)
      await user.keyboard('+7 912 123 45 67')
      expect(input.value).toBe('+')
      expect(messageOf(input)).toBe(refusal('+7 912 123 45 67'))
      await user.keyboard('{Backspace}')
      expect(screen.queryByRole('alert')).toBeNull()
      await user.keyboard('901234567')
      expect(input.value).toBe('+998 90 123-45-67')
      expect(input.getAttribute('aria-invalid')).toBeNull()
    })

    it('keeps its message when the person leaves the field', async () => {
      const user = userEvent.setup()
      renderInApp(<PhoneField label="Телефон" />)
      const input = (await screen.findByLabelText('Телефон')) as HTMLInputElement
      await user.click(input)
      await user.keyboard('+7 912')
      await user.tab()
      expect(input.value).toBe('')
      expect(messageOf(input)).toBe(refusal('+7 912'))
    })

    it('autofilled is refused and leaves the field empty', async () => {
      renderInApp(<PhoneField label="Телефон" />)
      const input = (await screen.findByLabelText('Телефон')) as HTMLInputElement
      fireEvent.input(input, { target: { value: '+79121234567' } })
      expect(input.value).toBe('')
      expect(messageOf(input)).toBe(refusal('+79121234567'))
    })
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
