import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/catalogue/permissions';
import type { DashboardTodo } from '../../shared/contract/dashboardTodo';
import { creditRequests, roomMessages } from '../../server/db/schema';
import { TODO_ROOM_WINDOW_DAYS } from '../../server/lib/dashboardTodo';
import { newId } from '../../server/lib/ids';
import { insertCompany, insertRoom, insertUser } from '../helpers/serverFixtures';
import { signedInAdmin, useSignedInServer, type SignedInAdmin } from '../helpers/testServer';

// Issue 40, item 10: GET /dashboard/todo, what waits for the signed-in admin, counted for them.
const ctx = useSignedInServer();
const app = () => ctx.server.app;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

const team = {} as Record<Role, SignedInAdmin>;

async function request(requester: SignedInAdmin, values: Partial<typeof creditRequests.$inferInsert>) {
  const company = await insertCompany(app());
  await app()
    .db.insert(creditRequests)
    .values({
      id: newId(),
      companyId: company.id,
      amount: 5000,
      reason: 'Top-up',
      requestedById: requester.id,
      requestedByName: 'Requester',
      expiresAt: ahead(DAY),
      ...values,
    });
}

/** A room and its messages, oldest first: each one's sender side and how long ago it was written. */
async function room(messages: Array<['buyer' | 'seller' | 'admin', number]>) {
  const { room: created } = await insertRoom(app(), { createdAt: ago(60 * DAY) });
  for (const [senderRole, age] of messages) {
    await app()
      .db.insert(roomMessages)
      .values({ id: newId(), roomId: created.id, senderId: newId(), senderRole, senderName: senderRole, text: 'Bonjour', createdAt: ago(age) });
  }
}

async function todoOf(admin: SignedInAdmin, query = ''): Promise<DashboardTodo> {
  const answer = await admin.call('GET', `/dashboard/todo${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: DashboardTodo }>().data;
}

beforeAll(async () => {
  team.owner = ctx.me;
  team.finance = await signedInAdmin(app(), 'finance');
  team.operations = await signedInAdmin(app(), 'operations');
  team.support = await signedInAdmin(app(), 'support');

  // Pending: two asked by operations, one by finance; one lapsed (pending past its expiry), which nobody may decide.
  await request(team.operations, {});
  await request(team.operations, {});
  await request(team.finance, {});
  await request(team.operations, { expiresAt: ago(HOUR), createdAt: ago(3 * DAY) });
  // Operations' decided requests: approved an hour ago, rejected three days ago, approved ten days ago, expired by the housekeeping.
  await request(team.operations, { status: 'approved', decidedAt: ago(HOUR), decidedById: team.finance.id, decidedByName: 'F' });
  await request(team.operations, { status: 'rejected', decidedAt: ago(3 * DAY), decidedById: team.finance.id, decidedByName: 'F', decisionReason: 'No' });
  await request(team.operations, { status: 'approved', decidedAt: ago(10 * DAY), decidedById: team.finance.id, decidedByName: 'F' });
  await request(team.operations, { status: 'expired', expiresAt: ago(5 * DAY), createdAt: ago(8 * DAY) });

  // Awaiting a reply: the buyer wrote last (twice). Not: the seller answered, an admin wrote last, no message, too long ago.
  await room([['buyer', 2 * HOUR]]);
  await room([
    ['seller', 3 * DAY],
    ['buyer', HOUR],
  ]);
  await room([
    ['buyer', 2 * HOUR],
    ['seller', HOUR],
  ]);
  await room([
    ['buyer', 2 * HOUR],
    ['admin', HOUR],
  ]);
  await room([]);
  await room([['buyer', (TODO_ROOM_WINDOW_DAYS + 1) * DAY]]);

  // Invited, never signed in: two. Invited and signed in, or never invited: not counted.
  await insertUser(app(), { invited: true });
  await insertUser(app(), { invited: true });
  await insertUser(app(), { invited: true, lastLoginAt: ago(DAY) });
  await insertUser(app(), { invited: false });
});

describe('GET /dashboard/todo', () => {
  it('answers in the envelope, every figure named (null where the role may not see it)', async () => {
    const answer = await team.owner.call('GET', '/dashboard/todo');
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ ok: boolean; data: DashboardTodo }>();
    expect(Object.keys(body).sort()).toEqual(['data', 'ok']);
    expect(body.ok).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(['approvals_to_decide', 'invited_users', 'my_decided_requests', 'rooms_awaiting_reply', 'since']);
  });

  it('approvals to decide: pending and unexpired, not the admin’s own; for owner and finance only', async () => {
    expect((await todoOf(team.owner)).approvals_to_decide).toBe(3);
    // Finance asked one of the three: theirs is for another admin to decide.
    expect((await todoOf(team.finance)).approvals_to_decide).toBe(2);
    expect((await todoOf(team.operations)).approvals_to_decide).toBeNull();
    expect((await todoOf(team.support)).approvals_to_decide).toBeNull();
  });

  it('my requests decided since the given instant, else the last 7 days, by outcome; for the roles that request', async () => {
    const since = ago(2 * HOUR).toISOString();
    expect(await todoOf(team.operations, `?since=${encodeURIComponent(since)}`)).toMatchObject({
      my_decided_requests: { approved: 1, rejected: 0, expired: 1 },
      since,
    });
    const lastWeek = await todoOf(team.operations);
    expect(lastWeek.my_decided_requests).toEqual({ approved: 1, rejected: 1, expired: 2 });
    expect(Math.abs(Date.parse(lastWeek.since) - ago(7 * DAY).getTime())).toBeLessThan(60_000);
    expect((await todoOf(team.operations, `?since=${encodeURIComponent(new Date().toISOString())}`)).my_decided_requests).toEqual({
      approved: 0,
      rejected: 0,
      expired: 0,
    });
    // Finance and the owner requested nothing decided; support may not request at all.
    expect((await todoOf(team.finance)).my_decided_requests).toEqual({ approved: 0, rejected: 0, expired: 0 });
    expect((await todoOf(team.support)).my_decided_requests).toBeNull();
  });

  it('rooms awaiting a reply and users invited but not signed up: for every role (each may list rooms and users)', async () => {
    for (const role of ['owner', 'finance', 'operations', 'support'] as const) {
      const todo = await todoOf(team[role]);
      expect(todo.rooms_awaiting_reply, role).toBe(2);
      expect(todo.invited_users, role).toBe(2);
    }
  });

  it("opens on lists of exactly what it counts: the rooms' and users' searches take the same conditions", async () => {
    const todo = await todoOf(team.support);
    const rooms = await team.support.call('POST', '/room/search', { awaiting_reply: true, offset: 0 });
    expect(rooms.statusCode, rooms.body).toBe(200);
    expect(rooms.json<{ total: number }>().total).toBe(todo.rooms_awaiting_reply);
    const users = await team.support.call('POST', '/user/search', { invited_not_signed_in: true, offset: 0 });
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json<{ total: number; data: Array<{ last_login_at: string | null }> }>()).toMatchObject({ total: todo.invited_users });
    expect(users.json<{ data: Array<{ last_login_at: string | null }> }>().data.every((user) => user.last_login_at === null)).toBe(true);
    // Without the criterion (or with it false), every room and user.
    const everyRoom = await team.support.call('POST', '/room/search', { awaiting_reply: false, offset: 0 });
    expect(everyRoom.json<{ total: number }>().total).toBeGreaterThan(todo.rooms_awaiting_reply ?? 0);
    const everyUser = await team.support.call('POST', '/user/search', { offset: 0 });
    expect(everyUser.json<{ total: number }>().total).toBeGreaterThan(todo.invited_users ?? 0);
  });

  it('refuses a `since` that is not a timestamp, and anyone signed out', async () => {
    const invalid = await team.owner.call('GET', '/dashboard/todo?since=yesterday');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect((await app().inject({ method: 'GET', url: '/api/dashboard/todo' })).statusCode).toBe(401);
  });
});
