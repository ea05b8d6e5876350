import { useLayoutEffect, useRef, useState } from 'react';

/** How close to an end of the log still counts as being there (a few pixels of rounding, a line of slack). */
const NEAR_PX = 48;

interface LogEnds {
  /** Changes when older messages are put on top. */
  firstKey: string | undefined;
  /** Changes when a message arrives or is sent. */
  lastKey: string | undefined;
  /** Always scrolled into view. */
  lastIsOwnSend: boolean;
  /** Nothing new to point out. */
  lastIsOwn: boolean;
  onTop(): void;
}

/** Follows new messages at the bottom, stays put when the admin has scrolled up (`unseen` says new ones came), and keeps the view when older ones go on top. */
export function useLogScroll({ firstKey, lastKey, lastIsOwnSend, lastIsOwn, onTop }: LogEnds) {
  const log = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const [seenKey, setSeenKey] = useState<string>();
  const before = useRef<{ firstKey?: string; lastKey?: string; scrollHeight: number }>({ scrollHeight: 0 });

  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const previous = before.current;
    // The browser's own scroll anchoring is off (overflow-anchor: none), so that this shift is the only one.
    if (previous.firstKey !== undefined && firstKey !== previous.firstKey) element.scrollTop += element.scrollHeight - previous.scrollHeight;
    // At the bottom it stays there, also when a bubble grows (sent, failed); an own send goes there from anywhere.
    if (atBottom || (lastIsOwnSend && lastKey !== previous.lastKey)) element.scrollTop = element.scrollHeight;
    before.current = { firstKey, lastKey, scrollHeight: element.scrollHeight };
  });

  const onScroll = () => {
    const element = log.current;
    if (!element) return;
    const near = element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_PX;
    // Leaving the bottom, the admin has seen everything so far.
    if (near || atBottom) setSeenKey(lastKey);
    setAtBottom(near);
    if (element.scrollTop <= NEAR_PX) onTop();
  };

  const toEnd = () => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
    setAtBottom(true);
    setSeenKey(lastKey);
  };

  return { log, unseen: !atBottom && !lastIsOwn && lastKey !== seenKey, toEnd, onScroll };
}
