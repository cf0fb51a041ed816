// The product's layering, checked by `npm run lint` (dependency-cruiser) so a wrong import fails CI instead of
// waiting for a reviewer to remember the rules. The layers, top to bottom (an arrow means "may import"):
//   server: server/main.ts, scripts/, bench/ -> server/app.ts -> server/seed/ -> server/modules/* -> server/plugins/*
//           -> server/db, server/adapters, server/lib, server/i18n (and server/config.ts, server/secret.ts) -> contract/
//   web:    src/routes/ -> src/features/ -> src/components/, src/lib/ -> contract/
//   contract/ imports nothing but valibot; the server and the web app never import each other.
// There is no list of known violations: every rule holds for the whole tree, so a new wrong import fails CI.

/** Everything under server/ that sits below the plugins: storage, outside services, helpers, words. */
const SERVER_BASE = '^server/(db|adapters|lib|i18n)/|^server/(config|secret)[.]ts$'
/** The entry points and tools that start the server; nothing in server/ may lean on them. */
const SERVER_TOP = '^server/(main|app)[.]ts$|^(scripts|bench|tests)/'

/**
 * A forbidden import: from the files `from` matches to the files `to` matches, and why it is forbidden.
 * @param {string} name
 * @param {import('dependency-cruiser').IFromRestriction} from
 * @param {import('dependency-cruiser').IToRestriction} to
 * @param {string} comment
 * @returns {import('dependency-cruiser').IForbiddenRuleType}
 */
const forbid = (name, from, to, comment) => ({ name, severity: 'error', comment, from, to })

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'no-circular',
      { path: '^(server|src|contract|service-worker)/' },
      { circular: true },
      'A circle of imports makes the load order decide what is defined, and two files that need each other are one ' +
        'concern cut in the wrong place. Type-only links count too (they are how most circles here close, e.g. a ' +
        'repository’s parts naming its row types): move the shared type down into its own file instead.',
    ),
    forbid(
      'server-base-not-upward',
      { path: SERVER_BASE },
      { path: `^server/(plugins|modules|seed)/|${SERVER_TOP}` },
      'server/db, lib, adapters, i18n (and config.ts, secret.ts) are the floor of the server: they know nothing ' +
        'of plugins, modules, seeds or the app. Share a type downward (contract/ or lib/) instead.',
    ),
    forbid(
      'plugins-not-upward',
      { path: '^server/plugins/' },
      { path: `^server/(modules|seed)/|${SERVER_TOP}` },
      'Fastify plugins sit below the modules: a plugin must not know a module, the seeds or the app.',
    ),
    forbid(
      'modules-not-upward',
      { path: '^server/modules/' },
      { path: `^server/seed/|${SERVER_TOP}` },
      'A module is composed by the app and filled by the seeds; it must not import either of them.',
    ),
    forbid(
      'seed-not-upward',
      { path: '^server/seed/' },
      { path: SERVER_TOP },
      'The seeds fill the modules’ tables; they are started by main.ts and the tools, never the reverse.',
    ),
    forbid(
      'app-not-main',
      { path: '^server/app[.]ts$' },
      { path: '^server/main[.]ts$|^(scripts|bench|tests)/' },
      'server/app.ts builds the app that main.ts, the tests and the benches start: it must not import them.',
    ),
    forbid(
      'no-reaching-into-another-modules-repository',
      { path: '^server/modules/([^/]+)/' },
      {
        path: '^server/modules/([^/]+)/(repository[^/]*[.]ts$|repository/|.*-queries[.]ts$)',
        pathNot: '^server/modules/$1/',
        dependencyTypesNot: ['type-only'],
      },
      'A module reads another module’s tables through that module’s service or a port it is handed, never by ' +
        'importing its repository (repository*.ts, repository/, *-queries.ts). Type-only imports are allowed: a ' +
        'port’s type may name the shape it needs, and a type does not call the tables.',
    ),
    forbid(
      'no-calling-another-modules-service',
      { path: '^server/modules/([^/]+)/' },
      {
        path: '^server/modules/([^/]+)/(service[^/]*[.]ts$|index[.]ts$)',
        pathNot: '^server/modules/$1/',
        dependencyTypesNot: ['type-only'],
      },
      'What a module uses of another area (its service, its plugin) is a port handed to it in its context by ' +
        'buildApp, so the order areas are built in is written in one place. Type-only imports name the port; pure ' +
        'helpers beside a service (present-profile.ts, visibility.ts) may be shared.',
    ),
    forbid(
      'contract-only-valibot',
      { path: '^contract/' },
      { pathNot: '^contract/|(^|/)node_modules/valibot/' },
      'The contract is shared by the server, the web app and the service worker: it imports only valibot.',
    ),
    forbid(
      'server-not-web',
      { path: '^(server|scripts|bench)/' },
      { path: '^(src|service-worker)/', pathNot: '^src/features/orders-list/map-box[.]ts$' },
      'The server shares code with the web app only through contract/. The one exception: bench/boxes.ts replays ' +
        'the boxes the map screen asks for, so it takes the screen’s own boxAround (a pure function over contract/).',
    ),
    forbid(
      'web-not-server',
      { path: '^(src|service-worker)/' },
      { path: '^(server|scripts|bench)/' },
      'The web app and the service worker share code with the server only through contract/.',
    ),
    forbid(
      'web-area-endpoints',
      { path: '^(src|service-worker)/' },
      { path: '^contract/endpoints[.]ts$' },
      'contract/endpoints.ts gathers every area’s endpoints, and with them every area’s schemas: a screen that ' +
        'imports it loads the moderators’ and the wallet’s too. Import the area’s own record (order-endpoints.ts…).',
    ),
    forbid(
      'service-worker-only-contract',
      { path: '^service-worker/' },
      { path: '^src/' },
      'The service worker is its own bundle: besides its own files it imports only contract/ and packages.',
    ),
    forbid(
      'web-shared-not-features',
      { path: '^src/(lib|components)/' },
      { path: '^src/(features|routes)/' },
      'src/lib and src/components are shared by every feature, so they must not import a feature or a route: ' +
        'move the shared piece down into lib/ or components/, or the importing file up into the feature.',
    ),
    forbid(
      'features-not-routes',
      { path: '^src/features/' },
      { path: '^src/routes/' },
      'Routes compose features; a feature must not import a route. (Features may use other features’ public ' +
        'pieces, e.g. error-words, catalogue, order-words, plan-lock, map.)',
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // A worktree's node_modules may be a link to another checkout's: name packages by the link, not by its target.
    preserveSymlinks: true,
    // Parse TypeScript before it is compiled so type-only imports are seen (and can be told apart).
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
