// The page session (ADR 0019): the server renders the /wap pages for the visitor its HttpOnly cookie
// names, and the store keeps that cookie in step with its own session (local storage): handed the token
// after a sign-in, ended after a sign-out. The cookie authenticates no API call; it only lets the server
// draw the signed-in visitor's own page.
import { PAGE_SESSION_PATH } from '@caravan/contract/server-page';
import type { Session } from './session.ts';
import type { SsrUser } from './ssr-state.ts';

async function send(token: string | null): Promise<boolean> {
  try {
    const response = await fetch(
      PAGE_SESSION_PATH,
      token ? { method: 'POST', headers: { authorization: `Bearer ${token}` }, credentials: 'same-origin' } : { method: 'DELETE', credentials: 'same-origin' },
    );
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Keeps the server's page session in step with this browser's session from now on. `rendered`: who the
 * server rendered this page for (a /wap page says), so a page rendered for someone else (or for a
 * visitor while this browser is signed in) sets it right at once; a page the server did not render
 * says nothing, and only changes are followed. Never fails: without it the server renders a visitor's
 * page, which the store then renders itself.
 */
export function keepPageSession(source: { get(): Session; subscribe(listener: () => void): () => void }, rendered: { user: SsrUser | null } | null): void {
  let synced: string | null | undefined;
  const sync = (token: string | null) => {
    if (token === synced) return;
    synced = token;
    void send(token).then((ok) => {
      if (!ok && synced === token) synced = undefined;
    });
  };
  const local = source.get();
  if (rendered) {
    const same = rendered.user ? Boolean(local.token) && local.user?.usercode === rendered.user.usercode : !local.token;
    if (same) synced = local.token;
    else sync(local.token);
  }
  source.subscribe(() => sync(source.get().token));
}
