import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Category } from '#contract/schemas/catalogue.ts'
import { orderPathOf } from '../api/catalogue-api.ts'

/**
 * A category on the home page: its picture, at most three priority services, and how many more there are. The
 * cards on a phone's first screen load their picture at once (`eager`): it is the page's largest paint, and a lazy
 * one waits for layout.
 */
export function CategoryCard({ category, eager = false }: { category: Category; eager?: boolean }) {
  const shown = category.priority_services ?? []
  const more = Math.max(0, (category.services_count ?? 0) - shown.length)
  return (
    <article className="category-card">
      {category.image && (
        <img
          className="category-card__image"
          src={category.image.path}
          alt=""
          width="320"
          height="200"
          loading={eager ? 'eager' : 'lazy'}
        />
      )}
      <h3 className="category-card__title">
        <Link to="/services-all" search={{ category: category.slug }}>
          {category.name}
        </Link>
      </h3>
      <p className="category-card__subtitle">{category.subtitle}</p>
      <ul className="chips">
        {shown.map((service) => (
          <li key={service.id}>
            <a
              className="chip"
              href={orderPathOf({
                categorySlug: category.slug,
                parentSlug: null,
                slug: service.slug,
                childrenCount: service.children_count ?? 0,
              })}
            >
              {service.name}
            </a>
          </li>
        ))}
        {more > 0 && (
          <li>
            <Link className="chip chip--more" to="/services-all" search={{ category: category.slug }}>
              <Trans>+{more}</Trans>
            </Link>
          </li>
        )}
      </ul>
    </article>
  )
}
