import { DayPicker, type DayPickerLocale } from 'react-day-picker'
import { enUS } from 'react-day-picker/locale/en-US'
import { ru } from 'react-day-picker/locale/ru'
import { uz } from 'react-day-picker/locale/uz'
import { uzCyrl } from 'react-day-picker/locale/uz-Cyrl'
import 'react-day-picker/style.css'
import { currentLocale, type Locale } from '#src/lib/locale.ts'
import { tashkentDay } from '#src/lib/tashkent-time.ts'

// The app's oz is Uzbek in Latin script and uz is Uzbek in Cyrillic (spec section 1).
const CALENDAR_LOCALES: Record<Locale, DayPickerLocale> = { ru, oz: uz, uz: uzCyrl, en: enUS }

const pad = (value: number) => String(value).padStart(2, '0')
// The calendar's days are the device's midnights that carry the date: only their year, month and day are read.
const calendarDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
const dayOf = (value: string) => {
  const [year, month, day] = value.split('-').map(Number)
  return year && month && day ? new Date(year, month - 1, day) : undefined
}

type DatePickerProps = { value: string; onChange: (value: string) => void; labelledBy: string }

/**
 * A month calendar of Tashkent's days; days before today in Tashkent cannot be chosen (the start must be later than
 * now).
 */
export default function DatePicker({ value, onChange, labelledBy }: DatePickerProps) {
  const today = dayOf(tashkentDay())!
  const selected = value ? dayOf(value) : undefined
  return (
    <DayPicker
      mode="single"
      selected={selected}
      onSelect={(day) => onChange(day ? calendarDay(day) : '')}
      disabled={{ before: today }}
      startMonth={today}
      defaultMonth={selected ?? today}
      locale={CALENDAR_LOCALES[currentLocale()]}
      aria-labelledby={labelledBy}
    />
  )
}
