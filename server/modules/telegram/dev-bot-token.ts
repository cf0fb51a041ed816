/**
 * Signs the Mini App data of development and tests when no bot is configured (docs/decisions/026-telegram.md):
 * never a real bot's. A module of its own, so that browser tests can sign launch data without the server's code.
 */
export const DEV_BOT_TOKEN = '1000000001:dev-bot-token-for-local-mini-app-data'
