import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LocationPickerDialog } from '#src/features/chat-location/location-picker.tsx'
import { LocationPreview } from '#src/features/chat-location/location-preview.tsx'
import { renderInApp } from './helpers.tsx'

type Point = { lat: number; lng: number }
type Listener = (event?: unknown) => void

/**
 * MapLibre needs WebGL, which jsdom has not: the map's canvas is replaced by a stand-in with the few calls the
 * chat's maps make, and a way for the test to click it.
 */
const maps = vi.hoisted(() => ({
  current: null as null | { click: (point: Point) => void; move: (point: Point) => void },
  markers: [] as Point[],
}))

vi.mock('#src/features/map/maplibre-map.tsx', async () => {
  const { createElement, useEffect } = await import('react')
  function FakeMap(props: {
    label: string
    center: [number, number]
    onReady?: (map: unknown, maplibre: unknown) => void | (() => void)
  }) {
    useEffect(() => {
      const listeners = new Map<string, Set<Listener>>()
      const emit = (type: string, event?: unknown) =>
        listeners.get(type)?.forEach((listener) => listener(event))
      let center: Point = { lng: props.center[0], lat: props.center[1] }
      const map = {
        on: (type: string, listener: Listener) =>
          listeners.set(type, (listeners.get(type) ?? new Set()).add(listener)),
        off: (type: string, listener: Listener) => listeners.get(type)?.delete(listener),
        getCenter: () => center,
        easeTo: ({ center: [lng, lat] }: { center: [number, number] }) => {
          center = { lng, lat }
          emit('moveend')
        },
      }
      class Marker {
        point: Point = { lat: 0, lng: 0 }
        setLngLat([lng, lat]: [number, number]) {
          this.point = { lat, lng }
          return this
        }
        addTo() {
          maps.markers.push(this.point)
          return this
        }
        remove() {}
      }
      maps.current = {
        click: (lngLat) => emit('click', { lngLat }),
        // What a drag or MapLibre's arrow keys do: a new centre, then `moveend`.
        move: (point) => {
          center = point
          emit('moveend')
        },
      }
      const cleanup = props.onReady?.(map, { Marker })
      return () => {
        cleanup?.()
        maps.current = null
      }
    }, [props])
    return createElement('div', { role: 'region', 'aria-label': props.label })
  }
  return { default: FakeMap }
})

afterEach(() => {
  maps.markers = []
  Reflect.deleteProperty(navigator, 'geolocation')
})

describe('a location in a chat bubble', () => {
  const point = { lat: 41.311123456, lng: 69.279712345 }

  it('shows the coordinates rounded to five decimals and opens a map with a marker and a maps link', async () => {
    const user = userEvent.setup()
    renderInApp(<LocationPreview location={point} />)
    const card = await screen.findByRole('button', { name: /Местоположение/ })
    expect(card.textContent).toContain('41.31112, 69.27971')

    await user.click(card)
    const dialog = await screen.findByRole('dialog', { name: 'Местоположение' })
    expect(
      await within(dialog).findByRole('region', { name: 'Карта отправленного местоположения' }),
    ).toBeTruthy()
    expect(maps.markers).toEqual([point])
    const link = within(dialog).getByRole('link', { name: 'Открыть в картах' })
    expect(link.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=41.31112&mlon=69.27971#map=17/41.31112/69.27971',
    )
    expect(link.getAttribute('rel')).toBe('noopener')
    expect(link.getAttribute('target')).toBe('_blank')

    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }))
    expect(screen.queryByRole('link', { name: 'Открыть в картах' })).toBeNull()
    expect(document.activeElement).toBe(card)
  })
})

describe('the location picker', () => {
  function openPicker(initial?: Point) {
    const onPick = vi.fn()
    const onClose = vi.fn()
    const view = renderInApp(
      <>
        <button type="button">Прикрепить</button>
        <LocationPickerDialog open initial={initial} onPick={onPick} onClose={onClose} />
      </>,
    )
    return { onPick, onClose, ...view }
  }

  it('sends the point it opened on when confirmed as it is', async () => {
    const user = userEvent.setup()
    const { onPick } = openPicker({ lat: 41.2995, lng: 69.2401 })
    await user.click(await screen.findByRole('button', { name: 'Отправить местоположение' }))
    expect(onPick).toHaveBeenCalledWith({ lat: 41.2995, lng: 69.2401 })
  })

  it('starts in Tashkent without a point, and sends the place tapped on the map', async () => {
    const user = userEvent.setup()
    const { onPick } = openPicker()
    await screen.findByRole('region', {
      name: 'Карта: метка в центре отмечает точку, которая будет отправлена',
    })
    expect(screen.getByText('41.31110, 69.27970')).toBeTruthy()

    act(() => maps.current!.click({ lat: 41.3265, lng: 69.2286 }))
    expect(screen.getByText('41.32650, 69.22860')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Отправить местоположение' }))
    expect(onPick).toHaveBeenCalledWith({ lat: 41.3265, lng: 69.2286 })
  })

  it('sends the map’s centre, where the pin is, after the map was dragged or moved with the arrow keys', async () => {
    const user = userEvent.setup()
    const { onPick } = openPicker()
    await screen.findByRole('region', { name: /^Карта/ })
    act(() => maps.current!.move({ lat: 41.30001, lng: 69.30002 }))
    await user.click(screen.getByRole('button', { name: 'Отправить местоположение' }))
    expect(onPick).toHaveBeenCalledWith({ lat: 41.30001, lng: 69.30002 })
  })

  it('gives focus back to what opened it when it closes', async () => {
    const user = userEvent.setup()
    function Composer() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Прикрепить
          </button>
          {open && <LocationPickerDialog open onPick={() => {}} onClose={() => setOpen(false)} />}
        </>
      )
    }
    renderInApp(<Composer />)
    const opener = await screen.findByRole('button', { name: 'Прикрепить' })
    await user.click(opener)
    await user.click(await screen.findByRole('button', { name: 'Отмена' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('moves to the device’s location, and says so plainly when the browser refuses it', async () => {
    const user = userEvent.setup()
    let answer: 'allow' | 'deny' = 'allow'
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
          answer === 'allow'
            ? ok({ coords: { latitude: 40.3842, longitude: 71.7843 } } as GeolocationPosition)
            : fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
      },
    })
    const { onPick } = openPicker()
    await screen.findByRole('region', { name: /^Карта/ })
    await user.click(screen.getByRole('button', { name: 'Моё местоположение' }))
    expect(screen.getByText('40.38420, 71.78430')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Отправить местоположение' }))
    expect(onPick).toHaveBeenCalledWith({ lat: 40.3842, lng: 71.7843 })

    answer = 'deny'
    await user.click(screen.getByRole('button', { name: 'Моё местоположение' }))
    expect(screen.getByText(/Браузер не даёт приложению узнать ваше местоположение/)).toBeTruthy()
  })

  it('closes on Cancel and on Escape without sending', async () => {
    const user = userEvent.setup()
    const { onPick, onClose } = openPicker()
    await user.click(await screen.findByRole('button', { name: 'Отмена' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2))
    expect(onPick).not.toHaveBeenCalled()
  })
})
