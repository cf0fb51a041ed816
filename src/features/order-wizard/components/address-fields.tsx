import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { ADDRESS_MAX, AREA_MAX } from '#contract/schemas/orders.ts'
import { MapView } from '#src/features/map/map-view.tsx'
import type { OrderForm } from '../order-form.ts'
import { fieldErrorText } from '../order-messages.ts'
import { DistrictField } from './district-field.tsx'
import { LimitedField } from './limited-field.tsx'

const PIN_ZOOM = 15
const COUNTRY_ZOOM = 4.6

/** The address as typed, and optionally a pin on the map: tap the map, or drag the pin. */
export function AddressFields({ form }: { form: UseFormReturn<OrderForm> }) {
  const { t, i18n } = useLingui()
  const [lat, lng, area, address] = useWatch({
    control: form.control,
    name: ['lat', 'lng', 'area', 'address'],
  })
  const pinned = lat !== null && lng !== null
  const [mapOpen, setMapOpen] = useState(false)
  const setPin = (point: { lat: number; lng: number } | null) => {
    const rounded = (value: number) => Math.round(value * 1e6) / 1e6
    form.setValue('lat', point && rounded(point.lat), { shouldDirty: true })
    form.setValue('lng', point && rounded(point.lng), { shouldDirty: true })
  }
  return (
    <fieldset className="wizard__group">
      <legend className="wizard__legend">
        <Trans>Address</Trans>
      </legend>
      <DistrictField form={form} />
      <LimitedField
        label={t`District and city`}
        autoComplete="address-level2"
        max={AREA_MAX}
        length={area.length}
        error={fieldErrorText(i18n, form.formState.errors.area, AREA_MAX)}
        registration={form.register('area')}
      />
      <LimitedField
        label={t`Street, house, apartment`}
        autoComplete="street-address"
        max={ADDRESS_MAX}
        length={address.length}
        error={fieldErrorText(i18n, form.formState.errors.address, ADDRESS_MAX)}
        registration={form.register('address')}
      />
      <p className="form__hint">
        <Trans>
          Everyone sees the district and city. The street, house, flat and the exact pin are shown only to the
          specialist you choose, once they accept the order.
        </Trans>
      </p>
      <p className="form__hint" role="status">
        {pinned ? <Trans>The place is pinned on the map.</Trans> : <Trans>No pin on the map.</Trans>}
      </p>
      <div className="wizard__row">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-expanded={mapOpen}
          onClick={() => setMapOpen((open) => !open)}
        >
          {mapOpen ? <Trans>Hide the map</Trans> : <Trans>Put a pin on the map</Trans>}
        </button>
        {pinned && (
          <button type="button" className="link-button" onClick={() => setPin(null)}>
            <Trans>Remove the pin</Trans>
          </button>
        )}
      </div>
      {mapOpen && (
        <MapView
          label={t`Map: tap the place of the work`}
          className="map-pin"
          {...(pinned && { center: [lng, lat] as [number, number], zoom: PIN_ZOOM })}
          {...(!pinned && { zoom: COUNTRY_ZOOM })}
          onReady={(map, maplibre) => {
            const marker = new maplibre.Marker({ draggable: true, color: '#0b6e4f' })
            if (pinned) marker.setLngLat([lng, lat]).addTo(map)
            marker.on('dragend', () => setPin(marker.getLngLat()))
            const place = (event: { lngLat: { lat: number; lng: number } }) => {
              marker.setLngLat(event.lngLat).addTo(map)
              setPin(event.lngLat)
            }
            map.on('click', place)
            return () => {
              map.off('click', place)
              marker.remove()
            }
          }}
        />
      )}
    </fieldset>
  )
}
