import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, StopListening } from '../db/client';
import { describeDatabaseError } from './dbErrors';

export interface ChannelSubscriber {
  /** The feed stopped (server closing, or listening connection lost). */
  end(): void;
}

export interface ChannelFanOutOptions<Notice, Subscriber> {
  channel: string;
  /** For log lines and errors, e.g. 'room activity'. */
  name: string;
  listen: DatabaseHandle['listen'];
  log: FastifyBaseLogger;
  /** A payload that is not a notice of this feed is logged and dropped. */
  isNotice(value: unknown): value is Notice;
  keyOf(notice: Notice): string;
  /** `subscribers` answers those of the notice's key at call time, as some may leave while it reads. */
  deliver(notice: Notice, subscribers: () => Subscriber[]): void | Promise<void>;
  /** The log line's end when a delivery throws, e.g. 'reading a new message failed'. */
  deliveryFailed: string;
}

const parsedJson = (payload: string): unknown => {
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
};

/**
 * One LISTEN per process, started by the first subscriber. Notices are delivered one at a time, in order, only while
 * their key has subscribers. A lost connection ends every subscriber: clients reconnect, and that listens again.
 */
export function channelFanOut<Notice, Subscriber extends ChannelSubscriber>(options: ChannelFanOutOptions<Notice, Subscriber>) {
  const { channel, name, listen, log } = options;
  const byKey = new Map<string, Set<Subscriber>>();
  const subscribersOf = (key: string) => [...(byKey.get(key) ?? [])];
  let listening: Promise<StopListening> | undefined;
  let deliveries = Promise.resolve();
  let closed = false;

  const endAll = () => {
    const subscribers = [...byKey.values()].flatMap((set) => [...set]);
    byKey.clear();
    for (const subscriber of subscribers) subscriber.end();
  };

  const onPayload = (payload: string) => {
    const notice = parsedJson(payload);
    if (!options.isNotice(notice)) {
      log.warn({ payload }, `${name}: unreadable notification`);
      return;
    }
    const key = options.keyOf(notice);
    deliveries = deliveries
      .then(async () => {
        if (subscribersOf(key).length) await options.deliver(notice, () => subscribersOf(key));
      })
      .catch((error: unknown) => log.error({ err: error }, `${name}: ${options.deliveryFailed}`));
  };

  const onLost = (error: Error) => {
    log.warn(`${name}: listening connection lost (${describeDatabaseError(error)})`);
    listening = undefined;
    endAll();
  };

  const start = (): Promise<StopListening> => {
    listening ??= listen(channel, onPayload, onLost).catch((error: unknown) => {
      listening = undefined;
      throw error;
    });
    return listening;
  };

  return {
    /** Resolves once listening, so that nothing committed after it is missed; returns the unsubscribe. */
    async subscribe(key: string, subscriber: Subscriber): Promise<() => void> {
      if (!closed) await start();
      if (closed) throw new Error(`${name} is closed`);
      const subscribers = byKey.get(key) ?? new Set();
      byKey.set(key, subscribers.add(subscriber));
      return () => {
        subscribers.delete(subscriber);
        if (!subscribers.size && byKey.get(key) === subscribers) byKey.delete(key);
      };
    },
    async close() {
      closed = true;
      endAll();
      const stop = await listening?.catch(() => undefined);
      listening = undefined;
      await stop?.();
      await deliveries;
    },
  };
}
