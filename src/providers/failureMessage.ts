import { messages } from '../../shared/catalogue/messages';

const ownMessage = (error: unknown): string => {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return '';
};

/**
 * What a failure tells the admin: its own message (the server's code, or the text the provider chose),
 * else the given fallback; a failure that says nothing at all is UNKNOWN_ERROR_OCCUR.
 */
export function failureMessage(error: unknown, fallback: string = messages.failure.unknownOccurred): string {
  const message = ownMessage(error).trim();
  return message || fallback;
}
