import { randomBytes } from 'node:crypto';

/** Written where a kept page's nonce goes; each response puts its own nonce there. */
export const NONCE_STAND_IN = `nonce${randomBytes(12).toString('hex')}`;
/** Written where a kept page's crumb goes (its forms' hidden field); each response puts the visitor's there. */
export const CRUMB_STAND_IN = `crumb${randomBytes(12).toString('hex')}`;
/** Written where a kept page's forms' one-time key goes; each response puts a fresh key there. */
export const FORM_KEY_STAND_IN = `fkey${randomBytes(9).toString('hex')}`;
const STAND_INS = new RegExp(`(${NONCE_STAND_IN}|${CRUMB_STAND_IN}|${FORM_KEY_STAND_IN})`);
type Slot = 'nonce' | 'crumb' | 'formKey';
const SLOT_OF: Record<string, Slot> = {
  [NONCE_STAND_IN]: 'nonce',
  [CRUMB_STAND_IN]: 'crumb',
  [FORM_KEY_STAND_IN]: 'formKey',
};
/** A kept page as UTF-8 bytes, cut where a nonce, a crumb or a form key goes (`slots` says which, after each part but the last). */
export interface KeptPage {
  parts: Buffer[];
  slots: Slot[];
  length: number;
}

/** `html` as a kept page: its bytes, cut at the stand-ins. */
export function keptPage(html: string): KeptPage {
  const pieces = html.split(STAND_INS);
  const parts = pieces.filter((_, i) => i % 2 === 0).map((part) => Buffer.from(part, 'utf8'));
  const slots = pieces.filter((_, i) => i % 2 === 1).map((s) => SLOT_OF[s] as Slot);
  return { parts, slots, length: parts.reduce((sum, part) => sum + part.length, 0) };
}

/** Responses' bytes are cut from slabs of this size: one allocation serves many pages. */
const SLAB_BYTES = 512 * 1024;
let slab = Buffer.allocUnsafe(0);
let slabUsed = 0;

/** `length` bytes of their own for one response (a slice of the current slab while it has room). */
function responseBytes(length: number): Buffer<ArrayBuffer> {
  if (length > SLAB_BYTES / 8) return Buffer.allocUnsafe(length);
  if (slabUsed + length > slab.length) {
    slab = Buffer.allocUnsafe(SLAB_BYTES);
    slabUsed = 0;
  }
  const bytes = slab.subarray(slabUsed, slabUsed + length);
  slabUsed += length;
  return bytes;
}

/**
 * The kept page's bytes with `nonce`, `crumb` and `formKey` (base64 text: one byte a character)
 * where they go.
 */
export function withSlots(page: KeptPage, nonce: string, crumb: string, formKey: string): Buffer<ArrayBuffer> {
  const [first, ...rest] = page.parts;
  const values = { nonce, crumb, formKey };
  const slotBytes = page.slots.reduce((sum, slot) => sum + values[slot].length, 0);
  const bytes = responseBytes(page.length + slotBytes);
  let at = (first as Buffer).copy(bytes, 0);
  rest.forEach((part, i) => {
    at += bytes.write(values[page.slots[i] as Slot], at, 'latin1');
    at += part.copy(bytes, at);
  });
  return bytes;
}
