import type { SearchTotal } from './searchTotal';

/** `ok` typed as the literal the contract names (shared/contract/envelope.ts). */
export const done = () => ({ ok: true as const });
export const answer = <Data>(data: Data) => ({ ok: true as const, data });
/** As the envelope's `pageTotal` spells it. */
export const totalFields = ({ total, exact }: SearchTotal) => ({ total, total_exact: exact });
export const page = <Row>(data: Row[], total: SearchTotal) => ({ ok: true as const, data, ...totalFields(total) });
/** For an answer kept between requests and sent with `reply.sendSerialised`. */
export const serialised = (answer: object): Buffer => Buffer.from(JSON.stringify(answer));
