/**
 * The key as `config get` shows it: a prefix and the last four characters, like the service's listings. A
 * short value shows less, so that no more than a third of it and never a whole secret is printed.
 */
export function maskKey(key: string): string {
  const prefix = key.slice(0, Math.min(12, Math.floor(key.length / 3)));
  const lastFour = key.length >= 16 ? key.slice(-4) : '';
  return `${prefix}…${lastFour}`;
}
