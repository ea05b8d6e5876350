import { useEffect, useState } from 'react';
import { useDataProvider, useGetIdentity, type RaRecord } from 'react-admin';
import { PRESENCE_HEARTBEAT_MS } from '../../../../shared/catalogue/presence';
import type { RecordSaved, RecordViewer } from '../../../../shared/contract/presence';
import type { AdminDataProvider } from '../../../providers/dataProvider';
import { eventJson, followEventStream } from '../../../providers/eventStream';
import { TAB_ID } from './tabId';

const viewersOf = (value: unknown): RecordViewer[] | undefined => {
  const viewers: unknown = (value as { viewers?: unknown } | undefined)?.viewers;
  return Array.isArray(viewers) ? viewers.filter((viewer): viewer is RecordViewer => typeof (viewer as RecordViewer)?.name === 'string') : undefined;
};

const isSaved = (value: unknown): value is RecordSaved => typeof value === 'object' && value !== null && 'admin_id' in value && 'name' in value;

/** Runs a presence call whose failure only costs the notice (no server yet, a test without it): never throws. */
const quietly = async <Result>(call: () => Promise<Result>): Promise<Result | undefined> => {
  try {
    return await call();
  } catch {
    return undefined;
  }
};

/** While a record's page is open: heartbeats, the record's push, who else has it open, and another admin's last save until `dismiss`. */
export function useRecordPresence(resource: string, id: RaRecord['id'] | undefined) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { identity } = useGetIdentity();
  const [viewers, setViewers] = useState<RecordViewer[]>([]);
  const [saved, setSaved] = useState<RecordSaved>();

  useEffect(() => {
    if (id === undefined) return undefined;
    const controller = new AbortController();
    const { signal } = controller;
    const join = async () => {
      const others = await quietly(() => dataProvider.joinRecord(resource, id, TAB_ID));
      if (others && !signal.aborted) setViewers(others);
    };
    void join();
    const heartbeat = setInterval(() => void join(), PRESENCE_HEARTBEAT_MS);
    void followEventStream({
      open: (streamSignal) => dataProvider.openRecordEvents(resource, id, TAB_ID, streamSignal),
      onEvent: ({ event, data }) => {
        const value = eventJson(data);
        const others = event === 'viewers' ? viewersOf(value) : undefined;
        if (others) setViewers(others);
        if (event === 'saved' && isSaved(value)) setSaved(value);
      },
      onLive: () => undefined,
      signal,
    }).catch(() => undefined);
    return () => {
      controller.abort();
      clearInterval(heartbeat);
      setViewers([]);
      setSaved(undefined);
      void quietly(() => dataProvider.leaveRecord(resource, id, TAB_ID));
    };
  }, [dataProvider, resource, id]);

  // The admin's own saves, from this tab or another, are no news to them (nor any save before they are known).
  const news = saved && identity && saved.admin_id !== String(identity.id) ? saved : undefined;
  return { viewers, saved: news, dismiss: () => setSaved(undefined) };
}
