import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, StopListening } from '../db/client';
import { describeDatabaseError } from './dbErrors';

/** What the fan-out asks of every subscriber: to end its stream when the feed stops. */
export interface ChannelSubscriber {
  /** The feed stopped (the server closes, or the listening connection was lost): end the stream. */
  end(): void;
}

export interface ChannelFanOutOptions<Notice, Subscriber> {
  channel: string;
  /** What the log lines and errors call this feed, e.g. 'room activity'. */
  name: string;
  listen: DatabaseHandle['listen'];
  log: FastifyBaseLogger;
  /** Whether a payload's JSON is a notice of this feed; one that is not is logged and dropped. */
  isNotice(value: unknown): value is Notice;
  /** The key of the subscribers a notice is for. */
  keyOf(notice: Notice): string;
  /** Passes a notice on; `subscribers` answers those of its key at the time of the call, as some may leave while it reads. */
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
 * One LISTEN per server process, started by the first subscriber, fanned out in memory to the subscribers of each
 * key. Notices are delivered one at a time, in the order they came, and only while their key has subscribers. A lost
 * connection ends every subscriber: their clients reconnect, and the next subscription listens again.
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
    /** Resolves once the server listens, so that nothing committed after it is missed; answers the unsubscribe. */
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
    /** Ends every subscriber, then releases the listening connection. */
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
