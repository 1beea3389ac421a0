import { randomBytes } from 'node:crypto';

/** Written where a kept page's nonce goes; each response puts its own nonce there. */
export const NONCE_STAND_IN = `nonce${randomBytes(12).toString('hex')}`;
/** Written where a kept page's crumb goes (its forms' hidden field); each response puts the visitor's there. */
export const CRUMB_STAND_IN = `crumb${randomBytes(12).toString('hex')}`;
const STAND_INS = new RegExp(`(${NONCE_STAND_IN}|${CRUMB_STAND_IN})`);
/** A kept page as UTF-8 bytes, cut where a nonce or a crumb goes (`slots` says which, after each part but the last). */
export interface KeptPage {
  parts: Buffer[];
  slots: ('nonce' | 'crumb')[];
  length: number;
}

/** `html` as a kept page: its bytes, cut at the stand-ins. */
export function keptPage(html: string): KeptPage {
  const pieces = html.split(STAND_INS);
  const parts = pieces.filter((_, i) => i % 2 === 0).map((part) => Buffer.from(part, 'utf8'));
  const slots = pieces.filter((_, i) => i % 2 === 1).map((s) => (s === NONCE_STAND_IN ? 'nonce' : 'crumb'));
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

/** The kept page's bytes with `nonce` and `crumb` (base64 text: one byte a character) where they go. */
export function withSlots(page: KeptPage, nonce: string, crumb: string): Buffer<ArrayBuffer> {
  const [first, ...rest] = page.parts;
  const slotBytes = page.slots.reduce((sum, slot) => sum + (slot === 'nonce' ? nonce : crumb).length, 0);
  const bytes = responseBytes(page.length + slotBytes);
  let at = (first as Buffer).copy(bytes, 0);
  rest.forEach((part, i) => {
    at += bytes.write(page.slots[i] === 'nonce' ? nonce : crumb, at, 'latin1');
    at += part.copy(bytes, at);
  });
  return bytes;
}
