// PostgreSQL text cannot hold the NUL character (0x00): a query with one fails with "invalid byte
// sequence", which would surface as a server error. Every parameter that reaches a service is checked
// at the edge (legacy gateway, console routes) and refused as an invalid parameter instead.

const NUL = '\u0000';
/** Deeper structures than this are not walked (the parsers bound bodies already). */
const MAX_DEPTH = 16;

/** The name of the first parameter holding a NUL character anywhere in its value (keys included), or undefined. */
export function fieldWithNul(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes(NUL) || holdsNul(inner, 0)) return key.replaceAll(NUL, '');
  }
  return undefined;
}

function holdsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (!value || typeof value !== 'object' || depth >= MAX_DEPTH || Buffer.isBuffer(value)) return false;
  return Object.entries(value as Record<string, unknown>).some(([key, inner]) => key.includes(NUL) || holdsNul(inner, depth + 1));
}
