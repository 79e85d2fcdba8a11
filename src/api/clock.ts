/** The API's source of time; tests pass a fixed one. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** product §3's timestamp format YYYY-MM-DDTHH:mm:ssZ, in UTC: `2026-11-21T21:10:32+00:00`. */
export function formatTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}
