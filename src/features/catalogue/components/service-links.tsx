import type { Service } from '#contract/schemas/catalogue.ts'
import { orderPathOf } from '../api/catalogue-api.ts'

/** Services of one category as links into the order flow (select when a service has children). */
export function ServiceLinks({ categorySlug, services }: { categorySlug: string; services: Service[] }) {
  return (
    <ul className="service-list">
      {services.map((service) => (
        <li key={service.id}>
          <a
            href={orderPathOf({
              categorySlug,
              parentSlug: service.parent_slug,
              slug: service.slug,
              childrenCount: service.children_count ?? 0,
            })}
          >
            {service.name}
          </a>
          {(service.children_count ?? 0) > 0 && (
            <span className="post-meta"> ({service.children_count})</span>
          )}
        </li>
      ))}
    </ul>
  )
}
