/** Where the card's advice differs: iPhone/iPad, Android, or a computer. */
export type Platform = 'ios' | 'android' | 'desktop'

/** What this browser can do about push: subscribe, nothing, or (iPhone/iPad in Safari) only once installed. */
export type PushSupport = 'supported' | 'unsupported' | 'ios-install'

export function currentPlatform(): Platform {
  const agent = navigator.userAgent
  // iPadOS Safari says it is a Mac; a Mac has no touch screen.
  if (/iPad|iPhone|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1))
    return 'ios'
  return /Android/.test(agent) ? 'android' : 'desktop'
}

const STANDALONE_QUERY = '(display-mode: standalone)'

/** Opened from the home screen rather than in a browser tab. */
export function isInstalled() {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true
  return standalone || (window.matchMedia?.(STANDALONE_QUERY).matches ?? false)
}

export function pushSupport(): PushSupport {
  // iOS and iPadOS (16.4+) give push only to apps added to the home screen; Safari tabs have no PushManager.
  if (currentPlatform() === 'ios' && !isInstalled()) return 'ios-install'
  const ready = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  return ready ? 'supported' : 'unsupported'
}
