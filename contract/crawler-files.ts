/**
 * The files the server writes for crawlers (server/modules/sitemap): `/robots.txt`, `/sitemap.xml` and its
 * `/sitemap-{name}.xml` files. They are never app routes: neither the server's web-app plugin nor the service
 * worker may answer them with the app's shell. Matched against a path with or without its query.
 */
export const CRAWLER_FILES = /^\/(?:robots\.txt|sitemap(?:-[\w-]+)?\.xml)(?:\?|$)/
