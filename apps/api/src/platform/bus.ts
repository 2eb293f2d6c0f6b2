import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

// A small publish/subscribe port for events every API instance must hear (the chat fan-out: a buyer
// connected to instance A gets the reply an operator sent through instance B). With Redis, Redis
// pub/sub on a dedicated subscriber connection; without it, an in-process emitter (one instance).
// Delivery is at most once and only to live subscribers: whatever must not be lost is in PostgreSQL
// first, and clients catch up from there (chat: `resume` with the last message id).

export type BusHandler = (payload: unknown) => void;

export interface Bus {
  /** Sends a JSON-serialisable payload to every subscriber of the channel, on every instance. */
  publish(channel: string, payload: unknown): Promise<void>;
  /** Resolves once the subscription is live; the returned function ends it. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export class InProcessBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, payload: unknown): Promise<void> {
    // a copy, as Redis would deliver it: subscribers never share objects with the publisher
    const copy: unknown = JSON.parse(JSON.stringify(payload));
    // asynchronous like Redis, so a publisher never runs subscribers inside its own call
    queueMicrotask(() => this.emitter.emit(channel, copy));
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    this.emitter.on(channel, handler);
    return async () => {
      this.emitter.off(channel, handler);
    };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisBus implements Bus {
  private readonly handlers = new Map<string, Set<BusHandler>>();
  private subscriber: Redis | undefined;

  /** `redis` publishes; a duplicate connection subscribes (a subscribed connection can do nothing else). */
  constructor(private readonly redis: Redis, private readonly prefix: string, private readonly onError: (error: unknown) => void = () => {}) {}

  private channelName(channel: string): string {
    return `${this.prefix}:bus:${channel}`;
  }

  private connection(): Redis {
    if (!this.subscriber) {
      const subscriber = this.redis.duplicate({ connectionName: 'caravan-bus' });
      subscriber.on('error', (error) => this.onError(error));
      subscriber.on('message', (name: string, text: string) => {
        const handlers = this.handlers.get(name);
        if (!handlers) return;
        let payload: unknown;
        try {
          payload = JSON.parse(text);
        } catch (error) {
          this.onError(error);
          return;
        }
        for (const handler of handlers) handler(payload);
      });
      this.subscriber = subscriber;
    }
    return this.subscriber;
  }

  async publish(channel: string, payload: unknown): Promise<void> {
    await this.redis.publish(this.channelName(channel), JSON.stringify(payload));
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    const name = this.channelName(channel);
    let handlers = this.handlers.get(name);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(name, handlers);
      try {
        await this.connection().subscribe(name);
      } catch (error) {
        // not subscribed: a later attempt must subscribe again, not find the channel taken
        if (this.handlers.get(name)?.size === 0) this.handlers.delete(name);
        throw error;
      }
    }
    handlers.add(handler);
    return async () => {
      const current = this.handlers.get(name);
      current?.delete(handler);
      if (current && current.size === 0) {
        this.handlers.delete(name);
        await this.subscriber?.unsubscribe(name);
      }
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }
}

/** Redis pub/sub when Redis is configured, the in-process emitter otherwise. */
export function createBus(redis: Redis | undefined, prefix: string, onError?: (error: unknown) => void): Bus {
  return redis ? new RedisBus(redis, prefix, onError) : new InProcessBus();
}
