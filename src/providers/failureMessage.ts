import { messages } from '../../shared/catalogue/messages';

const ownMessage = (error: unknown): string => {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return '';
};

/** The failure's own message (the server's code, or the provider's text), else the fallback. */
export function failureMessage(error: unknown, fallback: string = messages.failure.unknownOccurred): string {
  const message = ownMessage(error).trim();
  return message || fallback;
}
