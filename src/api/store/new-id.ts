/**
 * A random 128-bit id as 32 hex characters. Uses getRandomValues, which (unlike randomUUID) also
 * works in pages served over plain http, where the mock backend may run.
 */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
