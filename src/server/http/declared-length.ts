/** A Content-Length header's value as a number, or null when there is none or it is not one. */
export function declaredLength(header: string | null): number | null {
  return header !== null && /^\d+$/.test(header) ? Number(header) : null;
}
