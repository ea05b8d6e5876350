/** Pixels each chat bubble takes in the fake layout, and the height of the log's window. */
export const BUBBLE_PX = 100;
export const LOG_PX = 300;

/**
 * jsdom lays nothing out: this gives the chat log (role="log") a layout to scroll, each bubble
 * BUBBLE_PX high in a window of LOG_PX, and a scrollTop kept within bounds as a browser keeps it.
 * Call the answer to restore jsdom's own.
 */
export function fakeLogLayout(): () => void {
  const tops = new WeakMap<Element, number>();
  const isLog = (element: Element) => element.getAttribute('role') === 'log';
  const height = (element: Element) => element.querySelectorAll('[data-testid="message"]').length * BUBBLE_PX;
  const room = (element: Element) => Math.max(0, height(element) - LOG_PX);
  Object.defineProperties(HTMLElement.prototype, {
    scrollHeight: {
      configurable: true,
      get: function (this: HTMLElement) {
        return isLog(this) ? height(this) : 0;
      },
    },
    clientHeight: {
      configurable: true,
      get: function (this: HTMLElement) {
        return isLog(this) ? LOG_PX : 0;
      },
    },
    scrollTop: {
      configurable: true,
      get: function (this: HTMLElement) {
        return Math.min(tops.get(this) ?? 0, room(this));
      },
      set: function (this: HTMLElement, value: number) {
        tops.set(this, Math.max(0, Math.min(value, room(this))));
      },
    },
  });
  return () => {
    for (const name of ['scrollHeight', 'clientHeight', 'scrollTop']) Reflect.deleteProperty(HTMLElement.prototype, name);
  };
}
