/**
 * A valid e-mail address (storefront spec, section 5): 3 to 256 characters, a local part,
 * @, and a domain whose ending has 2 to 4 letters.
 */
export function isValidEmail(value: string): boolean {
  return value.length >= 3 && value.length <= 256 && /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/.test(value);
}
