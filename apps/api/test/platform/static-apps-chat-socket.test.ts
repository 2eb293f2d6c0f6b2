import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerStaticApps, STORE_CONTENT_SECURITY_POLICY, storeContentSecurityPolicy } from '../../src/static-apps.ts';
import { startTestApp } from '../support/test-app.ts';

// The store's page tells the chat dialog where the chat socket is (meta caravan:chat-socket), and its
// content security policy lets the page connect there and nowhere else.

const dist = mkdtempSync(path.join(tmpdir(), 'caravan-store-chat-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><meta name="caravan:platform-time-zone" content="Asia/Shanghai" /><meta name="caravan:chat-socket" content="" /></head><body></body></html>',
);
const emptyConsole = mkdtempSync(path.join(tmpdir(), 'caravan-console-chat-'));
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(emptyConsole, { recursive: true, force: true });
});

async function page(chatSocket: string | undefined, host: string) {
  const app = Fastify();
  await registerStaticApps(app, { platformTimeZone: 'UTC', storeDir: dist, consoleDir: emptyConsole, ...(chatSocket === undefined ? {} : { chatSocket }) });
  const response = await app.inject({ method: 'GET', url: '/index', headers: { host } });
  await app.close();
  return response;
}

describe('the chat socket on the store page', () => {
  it('by default: no address, the usual policy (the dialog polls)', async () => {
    const response = await page(undefined, 'shop.example:8080');
    expect(response.body).toContain('<meta name="caravan:chat-socket" content=""');
    expect(response.headers['content-security-policy']).toBe(STORE_CONTENT_SECURITY_POLICY);
  });

  it('a port: written into the page, and ws/wss to that port of the page\'s host allowed', async () => {
    const response = await page('5000', 'shop.example:8080');
    expect(response.body).toContain('<meta name="caravan:chat-socket" content="5000"');
    expect(response.headers['content-security-policy']).toContain("connect-src 'self' ws://shop.example:5000 wss://shop.example:5000;");
  });

  it('a whole URL: its origin allowed', async () => {
    const response = await page('wss://chat.example/socket', 'shop.example');
    expect(response.body).toContain('content="wss://chat.example/socket"');
    expect(response.headers['content-security-policy']).toContain("connect-src 'self' wss://chat.example;");
  });

  it('a host name that is not one adds nothing to the policy', () => {
    expect(storeContentSecurityPolicy('5000', "evil; script-src *")).toBe(STORE_CONTENT_SECURITY_POLICY);
    expect(storeContentSecurityPolicy('5000', '[::1]')).toContain('ws://[::1]:5000');
    expect(storeContentSecurityPolicy('not a socket', 'shop.example')).toBe(STORE_CONTENT_SECURITY_POLICY);
  });
});

describe('the server names its chat socket', () => {
  it('buildApp passes chatSocket to the store page', async () => {
    const app = await startTestApp({ storeDir: dist, consoleDir: emptyConsole, chatSocket: '5000' });
    try {
      const response = await app.app.inject({ method: 'GET', url: '/index', headers: { host: 'shop.example' } });
      expect(response.body).toContain('<meta name="caravan:chat-socket" content="5000"');
      expect(response.headers['content-security-policy']).toContain('ws://shop.example:5000');
    } finally {
      await app.close();
    }
  });
});
