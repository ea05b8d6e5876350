/** One server-sent event as a test reads it: its fields (comments skipped). */
export interface ReadEvent {
  event?: string;
  id?: string;
  data?: string;
}

/** A server's event stream over real HTTP (inject cannot hold one open), read event by event with a deadline on each read. */
export async function readEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (deadlineMs = 2000): Promise<ReadEvent | 'timeout' | 'closed'> => {
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      const boundary = buffer.indexOf('\n\n');
      if (boundary >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const event: ReadEvent = {};
        for (const line of block.split('\n')) {
          const [field, ...rest] = line.split(': ');
          if (field === 'event' || field === 'id' || field === 'data') event[field] = rest.join(': ');
        }
        if (Object.keys(event).length) return event;
        continue;
      }
      if (!reader) return 'closed';
      const left = deadline - Date.now();
      if (left <= 0) return 'timeout';
      const chunk = await Promise.race([reader.read(), new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), left))]);
      if (chunk === 'timeout') return 'timeout';
      if (chunk.done) return 'closed';
      buffer += chunk.value;
    }
  };
  /** The next event of this type, skipping others; its data parsed. */
  const nextOf = async <Data>(type: string, deadlineMs = 2000): Promise<Data | 'timeout' | 'closed'> => {
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      const event = await next(Math.max(1, deadline - Date.now()));
      if (typeof event === 'string') return event;
      if (event.event === type) return JSON.parse(event.data ?? 'null') as Data;
    }
  };
  return { response, next, nextOf, close: () => controller.abort() };
}
