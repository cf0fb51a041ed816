import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { ProfileDocument, PortfolioWork, PublicProfile } from '#contract/schemas/specialists.ts'
import { ImageModal } from '#src/components/image-modal.tsx'
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

type Viewing = { images: Array<{ src: string; alt: string }>; index: number } | null

/** The portfolio: each work's title, description and photos; a photo opens large in the image modal. */
export function PortfolioSection({ works }: { works: PortfolioWork[] }) {
  const { t } = useLingui()
  const [viewing, setViewing] = useState<Viewing>(null)
  if (works.length === 0) return null
  return (
    <section className="public-profile__section" aria-labelledby="works-title">
      <h2 id="works-title">
        <Trans>Portfolio</Trans>
      </h2>
      <ul className="public-profile__works">
        {works.map((work) => {
          const images = work.photos.map((src, index) => {
            const position = index + 1
            const title = work.title
            return { src, alt: t`${title}, photo ${position}` }
          })
          return (
            <li key={work.id}>
              <h3>{work.title}</h3>
              {work.description && <p>{work.description}</p>}
              <Thumbnails images={images} onOpen={(index) => setViewing({ images, index })} />
            </li>
          )
        })}
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

/** Certificates and diplomas: name, description and their scans, opened large like the portfolio. */
export function DocumentsSection({ documents }: { documents: ProfileDocument[] }) {
  const { t } = useLingui()
  const [viewing, setViewing] = useState<Viewing>(null)
  if (documents.length === 0) return null
  return (
    <section className="public-profile__section" aria-labelledby="documents-title">
      <h2 id="documents-title">
        <Trans>Certificates and diplomas</Trans>
      </h2>
      <ul className="public-profile__works">
        {documents.map((document) => {
          const images = document.files.map((src, index) => {
            const position = index + 1
            const title = document.name
            return { src, alt: t`${title}, page ${position}` }
          })
          return (
            <li key={document.id}>
              <h3>{document.name}</h3>
              {document.description && <p>{document.description}</p>}
              <Thumbnails images={images} onOpen={(index) => setViewing({ images, index })} />
            </li>
          )
        })}
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
              <img className="photo-thumbs__image" src={image.src} alt={t`Open ${alt}`} loading="lazy" />
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
