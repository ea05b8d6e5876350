import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, type RaRecord } from 'react-admin';
import { useListable } from '../components/useListable';
import { quickFindSources, RESULTS_PER_SOURCE, type QuickFindSource } from './quickFindSources';

export interface QuickFindHit {
  source: QuickFindSource;
  record: RaRecord;
}

/** A source that matched more than it shows: its list, filtered by the query, shows them all. */
export interface QuickFindMore {
  source: QuickFindSource;
  total: number;
}

/** Typing pauses this long before the searches run: one round of calls per word, not per key. */
const TYPING_PAUSE_MS = 250;
/** Fewer characters match too much to be useful. */
export const MIN_QUERY_LENGTH = 2;

function useSettled(value: string, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const sourceResources = quickFindSources.map((source) => source.resource);

/** Every source's list search at once, of the lists the admin may search; a source whose search fails is left out, and `failed` says so. */
export function useQuickFindResults(query: string) {
  const dataProvider = useDataProvider();
  const listable = useListable(sourceResources);
  const sources = quickFindSources.filter((source) => listable(source.resource));
  const settled = useSettled(query.trim(), TYPING_PAUSE_MS);
  const enabled = settled.length >= MIN_QUERY_LENGTH;
  const result = useQuery({
    queryKey: ['quickFind', settled, sources.map((source) => source.resource)],
    enabled: enabled && sources.length > 0,
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const answers = await Promise.allSettled(
        sources.map((source) =>
          dataProvider.getList(source.resource, {
            filter: { search: settled },
            pagination: { page: 1, perPage: RESULTS_PER_SOURCE },
            sort: { field: 'id', order: 'ASC' },
            signal,
          }),
        ),
      );
      const hits = answers.flatMap((answer, index) => {
        const source = sources[index];
        if (answer.status !== 'fulfilled' || !source) return [];
        return answer.value.data.slice(0, RESULTS_PER_SOURCE).map((record) => ({ source, record }));
      });
      const more = answers.flatMap((answer, index): QuickFindMore[] => {
        const source = sources[index];
        const total = answer.status === 'fulfilled' ? (answer.value.total ?? 0) : 0;
        return source && total > RESULTS_PER_SOURCE ? [{ source, total }] : [];
      });
      return { hits, more, failed: answers.some((answer) => answer.status === 'rejected') };
    },
  });
  const searching = query.trim() !== settled || (enabled && result.isFetching);
  return {
    hits: enabled ? (result.data?.hits ?? []) : [],
    more: enabled ? (result.data?.more ?? []) : [],
    failed: enabled && (result.data?.failed ?? false),
    searching,
    enabled,
    query: settled,
  };
}
