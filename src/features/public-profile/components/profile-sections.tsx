import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import type { ProfileDocument, PortfolioWork, PublicProfile } from '#contract/schemas/specialists.ts'
import { ImageModal } from '#src/components/image-modal.tsx'
import { withUserText } from '#src/lib/user-text.tsx'
import { ReviewItem, useServicePrice } from '#src/features/specialist-words/words.tsx'

/** Services and prices, grouped by category (only the active ones reach a public profile), and the discount. */
export function ServicesSection({ profile }: { profile: PublicProfile }) {
  const price = useServicePrice()
  const discount = profile.discount_percent
  const specialities = profile.specialities.filter(
    (speciality) => speciality.active && speciality.services.some((line) => line.active),
  )
  return (
    <section className="public-profile__section" aria-labelledby="services-title">
      <h2 id="services-title">
        <Trans>Services and prices</Trans>
      </h2>
      {discount > 0 && (
        <p className="public-profile__discount">
          <span className="discount-tag">
            <Trans>Discount {discount}%</Trans>
          </span>{' '}
          {profile.discount_text}
        </p>
      )}
      {specialities.length === 0 ? (
        <p>
          <Trans>No services listed yet.</Trans>
        </p>
      ) : (
        specialities.map((speciality) => (
          <div key={speciality.id} className="public-profile__category">
            <h3>{speciality.category.name}</h3>
            <ul className="price-list">
              {speciality.services
                .filter((line) => line.active)
                .map((line) => (
                  <li key={line.id}>
                    <span>{line.service.name}</span>
                    <span className="price-list__price">{price(line)}</span>
                  </li>
                ))}
            </ul>
          </div>
        ))
      )}
    </section>
  )
}

type Image = { src: string; alt: string }
type Viewing = { images: Image[]; index: number } | null
type Item = { id: number; title: string; description: string | null; images: Image[] }

/** Works or documents: each with its title, description and pictures, opened large in one image viewer. */
function ItemsWithImages({ id, heading, items }: { id: string; heading: ReactNode; items: Item[] }) {
  const [viewing, setViewing] = useState<Viewing>(null)
  if (items.length === 0) return null
  return (
    <section className="public-profile__section" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul className="public-profile__works">
        {items.map((item) => (
          <li key={item.id}>
            <h3>{item.title}</h3>
            {item.description && <p>{item.description}</p>}
            <Thumbnails images={item.images} onOpen={(index) => setViewing({ images: item.images, index })} />
          </li>
        ))}
      </ul>
      <ImageModal
        images={viewing?.images ?? []}
        index={viewing?.index ?? null}
        onIndexChange={(index) => setViewing((previous) => previous && { ...previous, index })}
        onClose={() => setViewing(null)}
      />
    </section>
  )
}

/** The portfolio: each work with its photos. */
export function PortfolioSection({ works }: { works: PortfolioWork[] }) {
  const { t } = useLingui()
  const items = works.map((work) => {
    const title = work.title
    return {
      id: work.id,
      title,
      description: work.description,
      images: work.photos.map((src, index) => {
        const position = index + 1
        return { src, alt: withUserText((text) => t`${{ title: text(title) }}, photo ${position}`) }
      }),
    }
  })
  return <ItemsWithImages id="works-title" heading={<Trans>Portfolio</Trans>} items={items} />
}

/** Certificates and diplomas: name, description and their scans, opened large like the portfolio. */
export function DocumentsSection({ documents }: { documents: ProfileDocument[] }) {
  const { t } = useLingui()
  const items = documents.map((document) => {
    const title = document.name
    return {
      id: document.id,
      title,
      description: document.description,
      images: document.files.map((src, index) => {
        const position = index + 1
        return { src, alt: withUserText((text) => t`${{ title: text(title) }}, page ${position}`) }
      }),
    }
  })
  return (
    <ItemsWithImages id="documents-title" heading={<Trans>Certificates and diplomas</Trans>} items={items} />
  )
}

function Thumbnails({
  images,
  onOpen,
}: {
  images: Array<{ src: string; alt: string }>
  onOpen: (index: number) => void
}) {
  const { t } = useLingui()
  if (images.length === 0) return null
  return (
    <ul className="photo-thumbs">
      {images.map((image, index) => {
        const alt = image.alt
        return (
          <li key={image.src}>
            <button type="button" className="public-profile__thumb" onClick={() => onOpen(index)}>
              <img
                className="photo-thumbs__image"
                src={image.src}
                alt={withUserText((text) => t`Open ${{ alt: text(alt) }}`)}
                loading="lazy"
              />
            </button>
          </li>
        )
      })}
    </ul>
  )
}

/** The latest reviews and the way to all of them. */
export function LatestReviews({ profile }: { profile: PublicProfile }) {
  const count = profile.reviews_count
  return (
    <section className="public-profile__section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">
        <Trans>Reviews</Trans>
      </h2>
      {profile.latest_reviews.length === 0 ? (
        <p>
          <Trans>No reviews yet</Trans>
        </p>
      ) : (
        <>
          <ul className="public-profile__reviews">
            {profile.latest_reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
          <Link
            to="/feedbacks/$userId"
            params={{ userId: String(profile.id) }}
            className="button button--secondary"
          >
            <Trans>All reviews ({count})</Trans>
          </Link>
        </>
      )}
    </section>
  )
}
