// What an operator does in the console, through its REST routes over real HTTP.
import type { consoleChatMessage, consoleConversation } from '@caravan/contract/chat';
import type { consoleRecharge, consoleWithdrawAddress, consoleWithdrawal } from '@caravan/contract/console';
import type { consoleLoan } from '@caravan/contract/loans';
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

export type ConsoleWithdrawal = ReturnType<typeof consoleWithdrawal.parse>;

/** Records a withdrawal as paid out on chain with its transaction hash (finance or admin). */
export async function payOutWithdrawal(baseUrl: string, token: string, id: string, txHash: string): Promise<ConsoleWithdrawal> {
  const response = await fetch(`${baseUrl}/console/api/withdrawals/${id}/approve`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ txHash }),
  });
  return json<ConsoleWithdrawal>(response);
}

export type ConsoleWithdrawAddress = ReturnType<typeof consoleWithdrawAddress.parse>;

/** Changes a user's bound withdrawal address (admin, with a reason): the user's next withdrawals are held for the cool-down. */
export async function changeWithdrawAddress(baseUrl: string, token: string, userId: string, change: { blockchainName: string; address: string; reason: string }): Promise<ConsoleWithdrawAddress> {
  const response = await fetch(`${baseUrl}/console/api/users/${encodeURIComponent(userId)}/withdraw-address`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(change),
  });
  return json<ConsoleWithdrawAddress>(response);
}

export type ConsoleLoan = ReturnType<typeof consoleLoan.parse>;

/** The loans waiting for review (GET /console/api/loans?state=pending). */
export async function pendingLoans(baseUrl: string, token: string): Promise<ConsoleLoan[]> {
  const response = await fetch(`${baseUrl}/console/api/loans?state=pending`, { headers: { authorization: `Bearer ${token}` } });
  return (await json<{ items: ConsoleLoan[] }>(response)).items;
}

/** Approves a loan (finance or admin): the principal is paid into the applicant's wallet. */
export async function approveLoan(baseUrl: string, token: string, id: string): Promise<ConsoleLoan> {
  const response = await fetch(`${baseUrl}/console/api/loans/${id}/approve`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'identity and pictures checked (e2e)' }),
  });
  return json<ConsoleLoan>(response);
}

/** Refuses a loan with the reason the applicant will read. */
export async function rejectLoan(baseUrl: string, token: string, id: string, reason: string): Promise<ConsoleLoan> {
  const response = await fetch(`${baseUrl}/console/api/loans/${id}/reject`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason }),
  });
  return json<ConsoleLoan>(response);
}

export type ConsoleConversation = ReturnType<typeof consoleConversation.parse>;
export type ConsoleChatMessage = ReturnType<typeof consoleChatMessage.parse>;

/** The buyer's conversation in the customer-service inbox (GET /console/api/chat/conversations?buyer=). */
export async function buyerConversation(baseUrl: string, token: string, username: string): Promise<ConsoleConversation | undefined> {
  const response = await fetch(`${baseUrl}/console/api/chat/conversations?buyer=${encodeURIComponent(username)}`, { headers: { authorization: `Bearer ${token}` } });
  return (await json<{ items: ConsoleConversation[] }>(response)).items.find((conversation) => conversation.username === username);
}

/** Answers a buyer in the chat as the signed-in operator (text). */
export async function replyInChat(baseUrl: string, token: string, conversationId: string, text: string): Promise<ConsoleChatMessage> {
  const response = await fetch(`${baseUrl}/console/api/chat/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'text', content: text }),
  });
  return json<ConsoleChatMessage>(response);
}
