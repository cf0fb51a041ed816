// How certificates and portfolio works are answered: the owner's lists and the public profile read them.
import type { PortfolioWork, ProfileDocument } from '#contract/schemas/specialists.ts'
import type { PortfolioItem } from './repository.ts'

export const presentDocument = (item: PortfolioItem): ProfileDocument => ({
  id: item.id,
  name: item.label,
  description: item.description,
  files: item.files,
  position: item.position,
})
export const presentWork = (item: PortfolioItem): PortfolioWork => ({
  id: item.id,
  title: item.label,
  description: item.description,
  photos: item.files,
  position: item.position,
})
