import { useLayoutEffect, type RefObject } from 'react'

/**
 * What a visitor typed or chose in a form of a page drawn by the server before the app took the page over (the
 * app loads after the first paint, src/boot.ts). React keeps such a field as it is, but its state still holds what
 * the server drew, so a submit or the next keystroke would lose it. Once the app runs, each named field that differs
 * from what the server drew is handed to the screen. On a page the app drew itself nothing differs.
 *
 * NOTE: a layout effect, not a plain one: a tap on the form's button that arrived while React was taking the page
 * over is answered right after that commit, and a plain effect's update would still be pending then, so the submit
 * would send what the server drew. The layout effect's update is rendered before any handler runs.
 */
export function useTypedBeforeStart(
  form: RefObject<HTMLFormElement | null>,
  take: (name: string, value: string | boolean) => void,
) {
  useLayoutEffect(() => {
    for (const field of Array.from(form.current?.elements ?? [])) {
      if (field instanceof HTMLInputElement && field.name) {
        if (field.type === 'checkbox' || field.type === 'radio') {
          if (field.checked !== field.defaultChecked) take(field.name, field.checked)
        } else if (field.value !== field.defaultValue) take(field.name, field.value)
      } else if (field instanceof HTMLSelectElement && field.name) {
        const drawn = Array.from(field.options).find((option) => option.defaultSelected) ?? field.options[0]
        if (drawn && field.value !== drawn.value) take(field.name, field.value)
      }
    }
    // Once: only the first render takes over what the server drew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
