// What an operator does in the console, through its REST routes over real HTTP.
import type { consoleRecharge } from '@caravan/contract/console';
import { DEMO_OPERATOR } from '../../../apps/api/src/seed/demo-accounts.ts';

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${text}`);
  return JSON.parse(text) as T;
}

export async function operatorLogin(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/console/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password }),
  });
  return (await json<{ token: string }>(response)).token;
}

export type ConsoleRecharge = ReturnType<typeof consoleRecharge.parse>;

export async function pendingRecharges(baseUrl: string, token: string): Promise<ConsoleRecharge[]> {
  const response = await fetch(`${baseUrl}/console/api/recharges?state=pending`, { headers: { authorization: `Bearer ${token}` } });
  return (await json<{ items: ConsoleRecharge[] }>(response)).items;
}

export async function approveRecharge(baseUrl: string, token: string, id: string): Promise<ConsoleRecharge> {
  const response = await fetch(`${baseUrl}/console/api/recharges/${id}/approve`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'proof matches the chain (e2e)' }),
  });
  return json<ConsoleRecharge>(response);
}
