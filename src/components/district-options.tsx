import type { Region } from '#contract/schemas/specialists.ts'

/** The districts of a `<select>`, grouped by region, each option's value the district's id. */
export function DistrictOptions({ regions }: { regions: Region[] }) {
  return regions.map((region) => (
    <optgroup key={region.id} label={region.name}>
      {region.districts.map((district) => (
        <option key={district.id} value={district.id}>
          {district.name}
        </option>
      ))}
    </optgroup>
  ))
}
