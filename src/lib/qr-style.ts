/**
 * How the app draws its QR codes with qr-code-styling (the home page's bot link, the share dialog, "Connect
 * Telegram"): green rounded dots on white, so every code looks like the same brand.
 */
export const QR_STYLE = {
  dotsOptions: { color: '#08573e', type: 'rounded' },
  cornersSquareOptions: { type: 'extra-rounded' },
  backgroundOptions: { color: '#ffffff' },
} as const
