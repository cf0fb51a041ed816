import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import type { Order } from '#contract/schemas/orders.ts'
import { ImageModal } from '#src/components/image-modal.tsx'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { orderApi } from '../api/order-api.ts'
import { OrderPlace } from './order-place.tsx'
import { usePlacesText, usePriceText, useStateText } from '#src/features/order-words/order-words.ts'
import { loadDistricts } from '#src/lib/districts.ts'
import { formatDateTime, formatNumber, formatPhone } from '#src/lib/format.ts'
import { withUserText } from '#src/lib/user-text.tsx'

/**
 * Service names from the catalogue; the ids stay hidden until the names arrive. Read with the page on the server
 * (useSaved), so the fields below them do not move when they arrive.
 */
function useServiceNames(ids: number[]) {
  const names = useSaved(`service-names:${ids.join(',')}`, async () => ({
    data: await Promise.all(ids.map((id) => orderApi.serviceName(id))),
    saved: false as const,
  }))
  return names.status === 'ready' ? names.data : []
}

/**
 * The order's district and region in the reader's language (GET /districts answers in it), or null: the order
 * keeps only the district's id, and a customer's own words in `area`.
 */
function useDistrictName(id: number | null): string | null {
  const regions = useSaved('districts', loadDistricts)
  if (id === null || regions.status !== 'ready') return null
  for (const region of regions.data) {
    const district = region.districts.find((one) => one.id === id)
    if (district) return `${district.name}, ${region.name}`
  }
  return null
}

/** Everything of an order as the spec displays it (section 3). */
export function OrderDetails({ order }: { order: Order }) {
  const services = useServiceNames(order.services)
  const district = useDistrictName(order.district_id)
  // Older orders repeat the district's name (in their customer's language) in `area`: not shown twice.
  const area = order.area !== district ? order.area : null
  const placesText = usePlacesText()
  const stateText = useStateText()
  const price = usePriceText()(order)
  const number = order.number
  return (
    <>
      <p className="order__meta">
        <span>
          <Trans>Order No. {number}</Trans>
        </span>
        <span className={`order__status order__status--${order.status}`} data-testid="order-status">
          {stateText(order)}
        </span>
      </p>
      <dl className="order__fields">
        {services.length > 0 && (
          <>
            <dt>
              <Trans>Services</Trans>
            </dt>
            <dd>{services.join(', ')}</dd>
          </>
        )}
        {order.description && (
          <>
            <dt>
              <Trans>Description</Trans>
            </dt>
            <dd className="order__text">{order.description}</dd>
          </>
        )}
        <dt>
          <Trans>Price</Trans>
        </dt>
        <dd>{price}</dd>
        <dt>
          <Trans>Meeting place</Trans>
        </dt>
        <dd>{placesText(order)}</dd>
        {(district || area) && (
          <>
            <dt>
              <Trans>District and city</Trans>
            </dt>
            {district && <dd>{district}</dd>}
            {area && <dd>{area}</dd>}
          </>
        )}
        {order.address && (
          <>
            <dt>
              <Trans>Address</Trans>
            </dt>
            <dd>{order.address}</dd>
          </>
        )}
        {order.landmark && (
          <>
            <dt>
              <Trans>Landmark</Trans>
            </dt>
            <dd>{order.landmark}</dd>
          </>
        )}
        {order.started_at && (
          <>
            <dt>
              <Trans>Start</Trans>
            </dt>
            <dd>
              <time dateTime={order.started_at}>{formatDateTime(order.started_at)}</time>
            </dd>
          </>
        )}
        {order.ended_at && (
          <>
            <dt>
              <Trans>End</Trans>
            </dt>
            <dd>
              <time dateTime={order.ended_at}>{formatDateTime(order.ended_at)}</time>
            </dd>
          </>
        )}
        {order.wishes && (
          <>
            <dt>
              <Trans>Wishes</Trans>
            </dt>
            <dd className="order__text">{order.wishes}</dd>
          </>
        )}
        <dt>
          <Trans>Views</Trans>
        </dt>
        <dd>{formatNumber(order.views)}</dd>
        <dt>
          <Trans>Replies</Trans>
        </dt>
        <dd data-testid="replies-count">{formatNumber(order.replies_count)}</dd>
      </dl>
      {!order.location_exact && !order.is_online && (
        <p className="form__hint" data-testid="address-hidden">
          <Trans>
            The street, house and flat are shown to the specialist the customer chooses, once they accept the
            order.
          </Trans>
        </p>
      )}
      <OrderPlace order={order} />
      {order.contact && <OrderContact contact={order.contact} />}
      {order.photos.length > 0 && <OrderPhotos photos={order.photos} name={order.name} />}
    </>
  )
}

/** The other party of an accepted order: how to reach them, and the specialist's profile. */
function OrderContact({ contact }: { contact: NonNullable<Order['contact']> }) {
  const fullName = `${contact.name} ${contact.surname}`
  return (
    <section aria-labelledby="order-contact" className="order__contact">
      <h2 id="order-contact" className="order__heading">
        {contact.role === 'customer' ? <Trans>Customer</Trans> : <Trans>Specialist</Trans>}
      </h2>
      <p>
        {contact.slug ? (
          <Link to="/profile/$slug" params={{ slug: contact.slug }}>
            {fullName}
          </Link>
        ) : (
          fullName
        )}
      </p>
      <p>
        <a href={`tel:+${contact.phone}`}>{formatPhone(contact.phone)}</a>
      </p>
    </section>
  )
}

function OrderPhotos({ photos, name }: { photos: string[]; name: string }) {
  const { t } = useLingui()
  const [open, setOpen] = useState<number | null>(null)
  const count = photos.length
  const images = photos.map((src, index) => {
    const position = index + 1
    return { src, alt: withUserText((text) => t`${{ name: text(name) }}: photo ${position} of ${count}`) }
  })
  return (
    <section aria-labelledby="order-photos">
      <h2 id="order-photos" className="order__heading">
        <Trans>Photos</Trans>
      </h2>
      <ul className="order__photos">
        {images.map((image, index) => (
          <li key={image.src}>
            <button type="button" className="order__photo" onClick={() => setOpen(index)}>
              <img src={image.src} alt={image.alt} loading="lazy" width="96" height="96" />
            </button>
          </li>
        ))}
      </ul>
      <ImageModal images={images} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </section>
  )
}
