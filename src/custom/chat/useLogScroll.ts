import { useLayoutEffect, useRef, useState } from 'react';

/** How close to an end of the log still counts as being there (a few pixels of rounding, a line of slack). */
const NEAR_PX = 48;

interface LogEnds {
  /** The key of the oldest item shown: it changes when older messages are put on top. */
  firstKey: string | undefined;
  /** The key of the newest item shown: it changes when a message arrives or is sent. */
  lastKey: string | undefined;
  /** The newest item is the admin's own message being sent: always scrolled into view. */
  lastIsOwnSend: boolean;
  /** The newest item is the admin's own message: nothing new to point out. */
  lastIsOwn: boolean;
  /** Called when the admin scrolls to the top. */
  onTop(): void;
}

/**
 * A chat log's scrolling (`log` goes on the scrolling element): it follows new messages while the admin
 * is at the bottom; when they have scrolled up to read, it stays put and `unseen` says new messages came
 * (`toEnd` goes to them); older messages put on top keep what is on screen where it was.
 */
export function useLogScroll({ firstKey, lastKey, lastIsOwnSend, lastIsOwn, onTop }: LogEnds) {
  const log = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  /** The newest item the admin has had on screen. */
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
