import type { RaRecord } from 'react-admin';
import { messages } from '../../shared/catalogue/messages';
import { expectOk } from './apiResult';
import type { ApiBody, HttpClient } from './httpClient';
import { toRecord, type ConsoleRecord } from './records';
import { versionHeaders } from './versions';
import type { CategoryImage } from '../../shared/contract/categoryImages';
import type { Dashboard } from '../../shared/contract/dashboard';
import type { DashboardTodo } from '../../shared/contract/dashboardTodo';
import type { Room, RoomMessage } from '../../shared/contract/rooms';
import type { Admin } from '../../shared/contract/admins';

export type CategoryImageRecord = ConsoleRecord<CategoryImage>;

/** A refusal with the server's code, or, with no answer at all, the given text. */
class CallFailure extends Error {}

/** The custom pages' calls; each rejects with the server's code, else the catalogue's fallback text. */
export function createConsoleCalls(http: HttpClient) {
  return {
    async searchCategoryImages(activityDomain?: string): Promise<CategoryImageRecord[]> {
      const response = await http.post<ApiBody & { data?: CategoryImage[] }>(
        '/category_image/search',
        activityDomain ? { activity_domain: activityDomain } : {},
      );
      // Status 0: the POST never got an answer (the HTTP client turned the network failure into a body).
      if (response.status === 0) throw new CallFailure(messages.load.imagesError);
      const body = expectOk(response, messages.load.imagesFailed);
      return (body.data ?? []).map((image) => toRecord(image));
    },

    async createCategoryImage(activityDomain: string, imageUrl: string): Promise<void> {
      expectOk(await http.post('/category_image', { activity_domain: activityDomain, image_url: imageUrl }), messages.failure.createCategoryImage);
    },

    /** With the version the Bank shows: an image changed since is refused (409 STALE_RECORD), not deleted unseen. */
    async deleteCategoryImage(id: RaRecord['id'], version?: number): Promise<void> {
      expectOk(await http.delete(`/category_image/${encodeURIComponent(String(id))}`, versionHeaders({ version })), messages.failure.deleteCategoryImage);
    },

    /** Oldest first: the latest page, or the one before the message `before`; `has_more` when older ones remain. */
    async getRoom(id: RaRecord['id'], page: { before?: string; limit?: number } = {}): Promise<{ room: Room; messages: RoomMessage[]; has_more: boolean }> {
      const query = new URLSearchParams();
      if (page.before) query.set('before', page.before);
      if (page.limit) query.set('limit', String(page.limit));
      const search = query.toString() ? `?${query.toString()}` : '';
      const body = expectOk(
        await http.get<ApiBody & { room?: Room; messages?: RoomMessage[]; has_more?: boolean }>(`/room/${encodeURIComponent(String(id))}${search}`),
        messages.failure.generic,
      );
      if (!body.room) throw new CallFailure(messages.failure.generic);
      return { room: body.room, messages: body.messages ?? [], has_more: body.has_more === true };
    },

    openRoomEvents(id: RaRecord['id'], after: string | undefined, signal: AbortSignal): Promise<Response> {
      const query = after ? `?after=${encodeURIComponent(after)}` : '';
      return http.stream(`/room/${encodeURIComponent(String(id))}/events${query}`, signal);
    },

    /** The message as stored (its _id and the server's time), to replace its draft. */
    async sendAdminMessage(payload: { text: string; room: string; sender_name: string; sender_logo: string | null }): Promise<RoomMessage> {
      const body = expectOk(await http.post<ApiBody & { data?: RoomMessage }>('/message/from-admin', payload), messages.failure.generic);
      if (!body.data) throw new CallFailure(messages.failure.generic);
      return body.data;
    },

    async getDashboard(): Promise<Dashboard> {
      const body = expectOk(await http.get<ApiBody & { data?: Dashboard }>('/dashboard'), messages.failure.generic);
      if (!body.data) throw new CallFailure(messages.failure.generic);
      return body.data;
    },

    /** What waits for the signed-in admin; `since`: their previous visit, from which their decided requests count. */
    async getDashboardTodo(since?: string): Promise<DashboardTodo> {
      const query = since ? `?since=${encodeURIComponent(since)}` : '';
      const body = expectOk(await http.get<ApiBody & { data?: DashboardTodo }>(`/dashboard/todo${query}`), messages.failure.generic);
      if (!body.data) throw new CallFailure(messages.failure.generic);
      return body.data;
    },

    /** At the version the form started from (If-Match); `overwrite` saves over another change on purpose. */
    async updateProfile(profile: { name: string; email: string }, version?: number, overwrite = false): Promise<Admin> {
      const body = expectOk(await http.put<ApiBody & { data?: Admin }>('/admin', profile, versionHeaders({ version }, overwrite)), messages.failure.generic);
      if (!body.data) throw new CallFailure(messages.failure.generic);
      return body.data;
    },

    async changePassword(change: { password: string; newPassword: string; verifyPassword: string }): Promise<void> {
      expectOk(await http.post('/admin/reset_password', change), messages.failure.generic);
    },
  };
}
