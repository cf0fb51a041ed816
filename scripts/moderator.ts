/**
 * npm run moderator -- add +998901234567 | remove +998901234567 | list
 *
 * Gives or takes the moderator role: the moderation console (/admin) and its API (docs/operations.md). The API never
 * changes a role, so this command, run by someone with access to the server's database, is the only way in.
 */
import { main } from './support-staff.ts'

await main('moderator')
