import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Speciality } from '#contract/schemas/specialists.ts'
import { Confirm, Switch } from './confirm.tsx'

type Props = {
  specialities: Speciality[]
  /** Switches every specialty on or off (`PUT /speciality/status/{userId}/user`), once the person confirms. */
  onSwitch: (active: boolean) => void
}

/**
 * One switch for all specialties at once: on while every specialty accepts orders, off to pause them all. It asks
 * first, as every specialty switch does (spec section 4).
 */
export function AllSpecialitiesSwitch({ specialities, onSwitch }: Props) {
  const { t } = useLingui()
  const [asking, setAsking] = useState<boolean | null>(null)
  if (specialities.length === 0) return null
  const allActive = specialities.every((speciality) => speciality.active)
  return (
    <>
      <Switch
        label={t`Accepting orders in all specialties`}
        checked={allActive}
        onChange={(active) => setAsking(active)}
      />
      <Confirm
        open={asking !== null}
        title={asking ? t`Accept orders in all specialties?` : t`Pause all specialties?`}
        confirmLabel={asking ? t`Switch all on` : t`Pause all`}
        onConfirm={() => {
          const active = asking
          setAsking(null)
          if (active !== null) onSwitch(active)
        }}
        onCancel={() => setAsking(null)}
      >
        <p>
          {asking ? (
            <Trans>Customers will find you by every specialty and its services that are switched on.</Trans>
          ) : (
            <Trans>Customers will not find you by any specialty until you switch them on again.</Trans>
          )}
        </p>
      </Confirm>
    </>
  )
}
