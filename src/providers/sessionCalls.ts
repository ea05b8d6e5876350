import type { RaRecord } from 'react-admin';
import { messages } from '../../shared/catalogue/messages';
import type { SecurityEventsAnswer } from '../../shared/contract/securityEvents';
import type { SessionsAnswer } from '../../shared/contract/sessions';
import { expectOk } from './apiResult';
import type { ApiBody, HttpClient } from './httpClient';

/** One's own sessions without an admin id; an owner's view of that admin's with one (shared/contract/sessions.ts). */
const sessionsPath = (adminId?: RaRecord['id']) => (adminId === undefined ? '/admin/sessions' : `/admin/${encodeURIComponent(String(adminId))}/sessions`);

export function createSessionCalls(http: HttpClient) {
  return {
    async listSessions(adminId?: RaRecord['id']): Promise<SessionsAnswer> {
      return expectOk(await http.get<ApiBody & SessionsAnswer>(sessionsPath(adminId)), messages.failure.generic);
    },

    async revokeSession(sessionId: string, adminId?: RaRecord['id']): Promise<void> {
      expectOk(await http.delete(`${sessionsPath(adminId)}/${encodeURIComponent(sessionId)}`), messages.failure.generic);
    },

    async revokeOtherSessions(): Promise<void> {
      expectOk(await http.post('/admin/sessions/revoke_others'), messages.failure.generic);
    },

    /** The signed-in admin's own recent security events (shared/contract/securityEvents.ts). */
    async listSecurityEvents(): Promise<SecurityEventsAnswer> {
      return expectOk(await http.get<ApiBody & SecurityEventsAnswer>('/admin/security_events'), messages.failure.generic);
    },
  };
}
