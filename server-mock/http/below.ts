/** `path` relative to `prefix`, the base its route group is mounted under (a path outside it is a bug). */
export function below(prefix: string, path: string): string {
  if (!path.startsWith(`${prefix}/`)) throw new Error(`${path} is not below ${prefix}.`);
  return path.slice(prefix.length);
}
