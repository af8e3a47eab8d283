/**
 * How a typed place name is compared with the official one (SIRUTA): without diacritics (ș and
 * ş alike), case, dots or hyphens, so "targu-jiu", "TÂRGU JIU" and "Târgu Jiu" are one name.
 * Zod-free and data-free: the form's type-ahead and the server's check use the same key.
 */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}
