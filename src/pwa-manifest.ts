import type { ManifestOptions } from 'vite-plugin-pwa'

const THEME = '#0b6e4f'

/** What a phone needs to install the app on its home screen and to present it in the store-like install sheet. */
export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Fika — услуги в Узбекистане',
  short_name: 'Fika',
  description:
    'Маркетплейс услуг: разместите заказ бесплатно, получите отклики специалистов за 10–20 минут и выберите исполнителя.',
  lang: 'ru',
  dir: 'ltr',
  start_url: '/?source=pwa',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME,
  background_color: '#ffffff',
  categories: ['business', 'lifestyle', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'Создать заказ',
      short_name: 'Новый заказ',
      url: '/?order=1&source=shortcut',
      icons: [{ src: '/icons/shortcut-create.png', sizes: '96x96', type: 'image/png' }],
    },
    {
      name: 'Мои заказы',
      short_name: 'Заказы',
      url: '/orders?source=shortcut',
      icons: [{ src: '/icons/shortcut-orders.png', sizes: '96x96', type: 'image/png' }],
    },
  ],
  screenshots: [
    {
      src: '/screenshots/home-narrow.png',
      sizes: '540x1170',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Главная страница',
    },
    {
      src: '/screenshots/home-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Главная страница на компьютере',
    },
  ],
}
