/** Where the server reads the time; tests move it forward instead of waiting. */
export type Clock = { now: () => Date }

export const systemClock: Clock = { now: () => new Date() }

export const secondsBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000
export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000)
