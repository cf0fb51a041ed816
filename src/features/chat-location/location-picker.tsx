import { useEffect } from 'react'

type LocationPickerDialogProps = {
  open: boolean
  initial?: { lat: number; lng: number }
  onPick: (location: { lat: number; lng: number }) => void
  onClose: () => void
}

/**
 * PLACEHOLDER until the chat-location feature's map picker is merged: picks the device's position (or `initial`)
 * without showing anything.
 */
export function LocationPickerDialog({ open, initial, onPick, onClose }: LocationPickerDialogProps) {
  useEffect(() => {
    if (!open) return
    if (initial) {
      onPick(initial)
      return
    }
    if (!navigator.geolocation) {
      onClose()
      return
    }
    navigator.geolocation.getCurrentPosition(
      (position) => onPick({ lat: position.coords.latitude, lng: position.coords.longitude }),
      () => onClose(),
    )
  }, [open, initial, onPick, onClose])
  return null
}
