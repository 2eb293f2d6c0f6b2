/** Other users' names are shown masked: first and last character around asterisks ("a***6"); e-mail domains dropped. */
export function maskName(name: string): string {
  const chars = [...name.split('@')[0]!];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}
