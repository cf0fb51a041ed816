// The web app's texts the page heads repeat, in their English sources: the screens' titles and the home page's FAQ.
/** The web app's own texts these heads repeat (English sources of its Lingui catalogs; a test checks each is translated). */
export const WEB_TEXTS = {
  homeTitle: 'Services marketplace in Uzbekistan',
  homeDescription:
    'Post an order for free and get replies from specialists in 10–20 minutes: cleaning, tutors, repairs, lawyers.',
  allServices: 'All services',
  allServicesDescription:
    'Every service of the marketplace by category: choose one to post an order for free.',
  specialists: 'Specialists',
  specialistsDescription:
    'Specialists in Uzbekistan: find one by service and district, compare ratings, reviews and prices.',
  openOrders: 'Open orders',
  openOrdersDescription: 'Orders for services in Uzbekistan: filter by service, price, date and place.',
  signup: 'Become a specialist',
  signupDescription:
    'Register here in the app, or through our Telegram bot, which also sends you new orders as notifications.',
  graduates: 'For graduates of the training centre',
  graduatesDescription:
    "Finished a course at our training centre? Take a specialist's plan on graduates' terms.",
  legal: 'Legal documents',
  legalDescription: 'The rules, agreements and policies of the Fika service.',
  blog: 'Blog',
  blogDescription: 'Articles for customers and specialists: how to order, how to choose, how to earn more.',
  reviewsOf: 'Reviews of {name}',
  reviewsDescription: 'What customers say about the work of this specialist on Fika.',
  order: 'Order on Fika',
} as const

// The home page's FAQ block (src/features/home/components/faq-block.tsx), in its English source texts.
export const HOME_FAQ = [
  [
    'How much does it cost to post an order?',
    'Nothing: posting an order and getting replies is free for customers.',
  ],
  ['How fast do specialists reply?', 'Usually within 10–20 minutes after the order is published.'],
  [
    'How do I pay the specialist?',
    'Directly, in the way you agree in the chat: cash, card transfer or a payment app.',
  ],
  [
    'Can I trust the specialists?',
    'Look at their ratings, reviews and verification badge; reviews come only from completed orders.',
  ],
  [
    'How do I become a specialist?',
    'Register through our Telegram bot, fill in your profile and start replying to orders.',
  ],
] as const
