import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { InProcessBus, RedisBus } from '../../src/platform/bus.ts';
import { connectRedis } from '../../src/platform/redis.ts';

// The bus port: what one side publishes, every subscriber of the channel gets (as a copy, never the
// publisher's object); unsubscribing stops it. With Redis, across connections (two "instances"), and
// only within the key prefix.

const redisUrl = inject('redisUrl');

describe('in-process bus', () => {
  it('delivers copies to every subscriber of the channel until they unsubscribe', async () => {
    const bus = new InProcessBus();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const stopA = await bus.subscribe('chat', (payload) => a.push(payload));
    await bus.subscribe('chat', (payload) => b.push(payload));
    await bus.subscribe('other', () => a.push('wrong channel'));
    const payload = { kind: 'message', n: 1 };
    await bus.publish('chat', payload);
    await vi.waitFor(() => expect(b).toEqual([payload]));
    expect(a).toEqual([payload]);
    expect(a[0]).not.toBe(payload);
    await stopA();
    await bus.publish('chat', { n: 2 });
    await vi.waitFor(() => expect(b).toHaveLength(2));
    expect(a).toHaveLength(1);
    await bus.close();
  });
});

describe('Redis bus, its subscription refused', () => {
  it('subscribes again on the next attempt (a refused subscription does not leave the channel taken)', async () => {
    let attempts = 0;
    const subscriber = Object.assign(new EventEmitter(), {
      async subscribe() {
        attempts += 1;
        if (attempts === 1) throw new Error('Stream isn\'t writeable');
        return 1;
      },
    });
    const redis = { duplicate: () => subscriber } as unknown as Redis;
    const bus = new RedisBus(redis, 'test');
    const got: unknown[] = [];
    await expect(bus.subscribe('chat', (payload) => got.push(payload))).rejects.toThrow(/writeable/);
    await bus.subscribe('chat', (payload) => got.push(payload));
    expect(attempts).toBe(2);
    subscriber.emit('message', 'test:bus:chat', JSON.stringify({ n: 1 }));
    expect(got).toEqual([{ n: 1 }]);
  });
});

describe(`Redis bus (${redisUrl ? 'Redis' : 'no Redis: checked against the in-process bus only'})`, () => {
  const connections = redisUrl ? [connectRedis(redisUrl), connectRedis(redisUrl)] : [];
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.quit()));
  });

  it('fans out between two instances within one key prefix, not across prefixes', async () => {
    if (!redisUrl) {
      expect(connections).toEqual([]);
      return;
    }
    const prefix = `caravan-bus-test-${process.pid}-${Date.now()}`;
    const [first, second] = connections as [ReturnType<typeof connectRedis>, ReturnType<typeof connectRedis>];
    const instanceA = new RedisBus(first, prefix);
    const instanceB = new RedisBus(second, prefix);
    const foreign = new RedisBus(second, `${prefix}-other`);
    const heardA: unknown[] = [];
    const heardB: unknown[] = [];
    const heardForeign: unknown[] = [];
    await instanceA.subscribe('chat', (payload) => heardA.push(payload));
    const stopB = await instanceB.subscribe('chat', (payload) => heardB.push(payload));
    await foreign.subscribe('chat', (payload) => heardForeign.push(payload));
    await instanceA.publish('chat', { from: 'A' });
    await instanceB.publish('chat', { from: 'B' });
    await vi.waitFor(() => {
      expect(heardA).toEqual([{ from: 'A' }, { from: 'B' }]);
      expect(heardB).toEqual([{ from: 'A' }, { from: 'B' }]);
    });
    await stopB();
    await instanceA.publish('chat', { from: 'A again' });
    await vi.waitFor(() => expect(heardA).toHaveLength(3));
    expect(heardB).toHaveLength(2);
    expect(heardForeign).toEqual([]);
    await Promise.all([instanceA.close(), instanceB.close(), foreign.close()]);
  });
});
