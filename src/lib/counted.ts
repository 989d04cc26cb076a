/** "1 request", "2 requests", "0 requests": a count with its noun, plural unless the count is one. */
export function counted(count: number, noun: string, format: (count: number) => string = String): string {
  return `${format(count)} ${noun}${count === 1 ? "" : "s"}`;
}
