import { Trans, useLingui } from '@lingui/react/macro'
import type { Map as MapLibreMap } from 'maplibre-gl'
import { useEffect, useRef, useState } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { ADDRESS_MAX, AREA_MAX, LANDMARK_MAX } from '#contract/schemas/orders.ts'
import type { Region } from '#contract/schemas/specialists.ts'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { kmBetween, type LatLng } from '#src/features/map/geo.ts'
import { MapView } from '#src/features/map/map-view.tsx'
import { loadDistricts } from '#src/lib/districts.ts'
import { formatNumber } from '#src/lib/format.ts'
import type { OrderForm } from '../order-form.ts'
import { fieldErrorText } from '../order-messages.ts'
import { DistrictField } from './district-field.tsx'
import { LimitedField } from './limited-field.tsx'

const PIN_ZOOM = 15
/** A district fills a phone's map at this zoom, its streets readable once zoomed in a little. */
const DISTRICT_ZOOM = 12
const COUNTRY_ZOOM = 4.6
/**
 * A pin further than this from the chosen district's centre is likely in the wrong place (a tap on the wrong
 * city) or the district is: the customer is asked to check. Uzbekistan's districts are mostly within 15 km of their
 * centre; a few wide ones in the desert are not, so this only warns.
 */
export const FAR_FROM_DISTRICT_KM = 15

/** The centre of the district `id`, when the list gives one (GET /districts, district-centres.json). */
function districtCentre(regions: Region[], id: number | null): LatLng | null {
  if (id === null) return null
  for (const region of regions) {
    const district = region.districts.find((item) => item.id === id)
    if (district?.lat !== undefined && district.lng !== undefined)
      return { lat: district.lat, lng: district.lng }
  }
  return null
}

/**
 * The address as typed, and optionally a pin on the map: tap the map, or drag the pin. The map opens on the
 * chosen district and says so when the pin is far from it.
 */
export function AddressFields({ form }: { form: UseFormReturn<OrderForm> }) {
  const { t, i18n } = useLingui()
  const [lat, lng, area, address, landmark, districtId] = useWatch({
    control: form.control,
    name: ['lat', 'lng', 'area', 'address', 'landmark', 'districtId'],
  })
  const regions = useSaved('districts', loadDistricts)
  const centre = districtCentre(regions.status === 'ready' ? regions.data : [], districtId)
  const pin = lat !== null && lng !== null ? { lat, lng } : null
  const farKm = pin && centre ? kmBetween(pin, centre) : 0
  const [mapOpen, setMapOpen] = useState(false)
  const map = useRef<MapLibreMap | null>(null)
  const setPin = (point: { lat: number; lng: number } | null) => {
    const rounded = (value: number) => Math.round(value * 1e6) / 1e6
    form.setValue('lat', point && rounded(point.lat), { shouldDirty: true })
    form.setValue('lng', point && rounded(point.lng), { shouldDirty: true })
  }
  // Another district chosen with the map open and no pin yet: the map goes there.
  const centreLat = centre?.lat
  const centreLng = centre?.lng
  const hasPin = pin !== null
  useEffect(() => {
    if (hasPin || centreLat === undefined || centreLng === undefined) return
    map.current?.jumpTo({ center: [centreLng, centreLat], zoom: DISTRICT_ZOOM })
  }, [hasPin, centreLat, centreLng])

  const start: { center?: [number, number]; zoom: number } = pin
    ? { center: [pin.lng, pin.lat], zoom: PIN_ZOOM }
    : centre
      ? { center: [centre.lng, centre.lat], zoom: DISTRICT_ZOOM }
      : { zoom: COUNTRY_ZOOM }
  const distance = formatNumber(farKm)
  return (
    <fieldset className="wizard__group">
      <legend className="wizard__legend">
        <Trans>Address</Trans>
      </legend>
      <DistrictField form={form} regions={regions} />
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
      <LimitedField
        label={t`Landmark, e.g. next to school No. 5, blue gate`}
        max={LANDMARK_MAX}
        length={landmark.length}
        error={fieldErrorText(i18n, form.formState.errors.landmark, LANDMARK_MAX)}
        registration={form.register('landmark')}
      />
      <p className="form__hint">
        <Trans>
          Everyone sees the district and city. The street, house, flat, the landmark and the exact pin are
          shown only to the specialist you choose, once they accept the order.
        </Trans>
      </p>
      <p className="form__hint" role="status">
        {pin ? <Trans>The place is pinned on the map.</Trans> : <Trans>No pin on the map.</Trans>}
      </p>
      <p className="wizard__warning" role="status" data-testid="pin-far">
        {farKm > FAR_FROM_DISTRICT_KM && (
          <Trans>
            The pin is {distance} km from the chosen district. Check that the pin and the district are right.
          </Trans>
        )}
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
        {pin && (
          <button type="button" className="link-button" onClick={() => setPin(null)}>
            <Trans>Remove the pin</Trans>
          </button>
        )}
      </div>
      {mapOpen && (
        <MapView
          label={t`Map: tap the place of the work`}
          className="map-pin"
          {...start}
          onReady={(loaded, maplibre) => {
            map.current = loaded
            const marker = new maplibre.Marker({ draggable: true, color: '#0b6e4f' })
            if (pin) marker.setLngLat([pin.lng, pin.lat]).addTo(loaded)
            marker.on('dragend', () => setPin(marker.getLngLat()))
            const place = (event: { lngLat: { lat: number; lng: number } }) => {
              marker.setLngLat(event.lngLat).addTo(loaded)
              setPin(event.lngLat)
            }
            loaded.on('click', place)
            return () => {
              map.current = null
              loaded.off('click', place)
              marker.remove()
            }
          }}
        />
      )}
    </fieldset>
  )
}
