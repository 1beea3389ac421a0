/**
 * `text` without the runs of `char` at its start, end or both (`trimChar('//a/', '/')` gives `a`), in
 * linear time: a regular expression such as `/0+$/` takes quadratic time on a long run of `char`
 * followed by something else, as the engine retries the run from each of its characters.
 */
export function trimChar(text: string, char: string, sides: 'start' | 'end' | 'both' = 'both'): string {
  let start = 0;
  let end = text.length;
  if (sides !== 'end') while (start < end && text[start] === char) start += 1;
  if (sides !== 'start') while (end > start && text[end - 1] === char) end -= 1;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}
