import type { RaRecord } from 'react-admin';
import { ErrorCode } from '../../shared/catalogue/errorCodes';
import { messages } from '../../shared/catalogue/messages';
import { expectOk } from './apiResult';
import type { ApiBody, HttpClient } from './httpClient';
import { toRecord, type ApiRecord } from './records';
import type { SessionUser } from './session';

export interface CategoryImage {
  id: string;
  activity_domain: string;
  image_url: string;
}

export interface RoomMessage {
  _id: string;
  sender_id: string;
  sender_role: 'admin' | 'buyer' | 'seller';
  sender_name: string;
  sender_avatar: string | null;
  text: string;
  created_at: string;
}

export interface Room {
  _id: string;
  offer_title: string;
  offer_image: string | null;
  offer_images: string[];
  seller: { name: string | null; logo_url: string | null };
  buyer: { name: string | null; logo_url: string | null };
  created_at: string;
}

export interface Dashboard {
  counts: Record<'admins' | 'users' | 'companies' | 'offers' | 'needs' | 'rooms', number>;
  credit_in_circulation: number;
  offers_by_domain: Array<{ domain: string | null; count: number }>;
  needs_by_domain: Array<{ domain: string | null; count: number }>;
  needs_by_urgency: Array<{ emergency: string; count: number }>;
  /** The last 12 weeks, oldest first; absent from a server without a ledger. */
  credit_movements_per_week?: CreditMovementsOfWeek[];
}

/** Credits moved in one week: `week` is its Monday (YYYY-MM-DD); both sums are positive. */
export interface CreditMovementsOfWeek {
  week: string;
  credited: number;
  debited: number;
}

/** A refusal with the server's code, or, with no answer at all, the given text. */
class CallFailure extends Error {}

/**
 * The calls of spec §7 behind the custom pages: the Bank, the chat, the dashboard, the account and
 * the password flows. Each rejects with the server's code, else the spec's text for that failure.
 */
export function createConsoleCalls(http: HttpClient) {
  return {
    /**
     * A refusal shows the server's code, else 'Failed to fetch images'; a call that got no answer shows
     * 'An error occurred while fetching images'.
     */
    async searchCategoryImages(activityDomain?: string): Promise<CategoryImage[]> {
      const response = await http.post<ApiBody & { data?: ApiRecord[] }>('/category_image/search', activityDomain ? { activity_domain: activityDomain } : {});
      // Status 0: the POST never got an answer (the HTTP client turned the network failure into a body).
      if (response.status === 0) throw new CallFailure(messages.load.imagesError);
      const body = expectOk(response, messages.load.imagesFailed);
      return (body.data ?? []).map((image) => toRecord(image) as unknown as CategoryImage);
    },

    async createCategoryImage(activityDomain: string, imageUrl: string): Promise<void> {
      expectOk(await http.post('/category_image', { activity_domain: activityDomain, image_url: imageUrl }), messages.failure.createCategoryImage);
    },

    async deleteCategoryImage(id: RaRecord['id']): Promise<void> {
      expectOk(await http.delete(`/category_image/${encodeURIComponent(String(id))}`), messages.failure.deleteCategoryImage);
    },

    async getRoom(id: RaRecord['id']): Promise<{ room: Room; messages: RoomMessage[] }> {
      const body = expectOk(
        await http.get<ApiBody & { room?: Room; messages?: RoomMessage[] }>(`/room/${encodeURIComponent(String(id))}`),
        messages.failure.generic,
      );
      if (!body.room) throw new CallFailure(messages.failure.generic);
      return { room: body.room, messages: body.messages ?? [] };
    },

    async sendAdminMessage(payload: { text: string; room: string; sender_name: string; sender_logo: string | null }): Promise<void> {
      expectOk(await http.post('/message/from-admin', payload), messages.failure.generic);
    },

    async getDashboard(): Promise<Dashboard> {
      const body = expectOk(await http.get<ApiBody & { data?: Dashboard }>('/dashboard'), messages.failure.generic);
      if (!body.data) throw new CallFailure(messages.failure.generic);
      return body.data;
    },

    async updateProfile(profile: { name: string; email: string }): Promise<SessionUser> {
      const body = expectOk(await http.put<ApiBody & { data?: SessionUser }>('/admin', profile), messages.failure.generic);
      if (!body.data) throw new CallFailure(messages.failure.generic);
      return body.data;
    },

    async changePassword(change: { password: string; newPassword: string; verifyPassword: string }): Promise<void> {
      expectOk(await http.post('/admin/reset_password', change), messages.failure.generic);
    },

    /**
     * The request is sent whatever the address looks like, and the confirmation follows. A server that
     * refuses a malformed address (VALIDATION_ERROR) has still been asked, so that counts as sent too.
     */
    async forgotPassword(email: string): Promise<void> {
      const response = await http.post('/admin/forgot_password', { email });
      if (response.body.code === ErrorCode.VALIDATION_ERROR) return;
      expectOk(response, messages.failure.generic);
    },

    /** Spec §3: password1 has no input of its own; it repeats the password. Answers the new session. */
    async resetPasswordFromLink(password: string, token: string): Promise<ApiBody> {
      return expectOk(await http.post('/admin/forgot_password_reset', { password, password1: password, token }), messages.failure.unknown);
    },
  };
}
