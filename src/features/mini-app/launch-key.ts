/** Where a tab keeps the Mini App's launch parameters (not the signed data), for its session. */
export const LAUNCH_KEY = 'fika.telegram'
