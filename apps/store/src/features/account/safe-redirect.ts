// Where the login page may send the user afterwards: only a path of this site. Anything else (another
// origin, a protocol-relative "//host", backslash tricks, control characters, the login pages
// themselves) falls back to the home page, so a crafted link cannot bounce a fresh session elsewhere.

export const DEFAULT_AFTER_LOGIN = '/index';

/** Pages that would loop back to the sign-in forms. */
const AUTH_PATHS = ['/login', '/register'];

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export function safeRedirect(value: string | null | undefined, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (typeof value !== 'string') return fallback;
  const target = value.trim();
  if (target === '' || target.length > 2048) return fallback;
  if (!target.startsWith('/') || target.startsWith('//')) return fallback;
  // browsers read "\" as "/" and drop tabs and newlines: "/\evil.com" or "/\t/evil.com" leave the site
  if (/[\\\s]/.test(target) || hasControlCharacter(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, 'https://store.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'https://store.invalid') return fallback;
  const path = url.pathname.toLowerCase().replace(/\/+$/, '');
  if (AUTH_PATHS.includes(path)) return fallback;
  return url.pathname + url.search + url.hash;
}
