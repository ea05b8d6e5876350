import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admins, auditEvents, companyComments } from '../../server/db/schema';
import { insertCompany } from '../helpers/serverFixtures';
import { signedInAdmin, useSignedInServer, type SignedInAdmin } from '../helpers/testServer';

// ctx.me is an owner.
const ctx = useSignedInServer();
const as = {} as Record<'support' | 'operations' | 'finance', SignedInAdmin>;
beforeAll(async () => {
  for (const role of ['support', 'operations', 'finance'] as const) as[role] = await signedInAdmin(ctx.server.app, role);
});

/** A comment written by `author` on a new company. */
async function commentBy(author: SignedInAdmin, text = 'A note') {
  const company = await insertCompany(ctx.server.app);
  const answer = (await author.call('POST', `/company/${company.id}/comment`, { text })).json();
  const comment = answer.data.comments.find((row: { text: string }) => row.text === text);
  return { companyId: company.id, commentId: comment._id as string, url: `/company/${company.id}/delete-comment/${comment._id}` };
}

const stillThere = async (commentId: string) => (await ctx.server.app.db.select().from(companyComments).where(eq(companyComments.id, commentId))).length === 1;
const deletionsAudited = async (companyId: string) =>
  (await ctx.server.app.db.select().from(auditEvents).where(eq(auditEvents.entityId, companyId))).filter((event) => event.action === 'comment_delete').length;

describe("deleting a company's comment", () => {
  it("names each comment's author", async () => {
    const { companyId } = await commentBy(as.support);
    const read = (await ctx.me.call('GET', `/company/${companyId}`)).json();
    expect(read.data.comments).toEqual([expect.objectContaining({ user_name: 'Signed In', author_id: as.support.id })]);
  });

  it('refuses 403 FORBIDDEN to another admin who may comment but not moderate, and changes nothing', async () => {
    const { companyId, commentId, url } = await commentBy(as.support);
    for (const other of [as.operations, as.finance]) {
      const response = await other.call('PUT', url, {});
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ ok: false, code: 'FORBIDDEN' });
    }
    expect(await stillThere(commentId)).toBe(true);
    expect(await deletionsAudited(companyId)).toBe(0);
  });

  it('lets its author delete it', async () => {
    const { companyId, commentId, url } = await commentBy(as.support);
    expect((await as.support.call('PUT', url, {})).json()).toEqual({ ok: true, data: [] });
    expect(await stillThere(commentId)).toBe(false);
    expect(await deletionsAudited(companyId)).toBe(1);
  });

  it("lets an owner delete anyone's", async () => {
    const { commentId, url } = await commentBy(as.support);
    expect((await ctx.me.call('PUT', url, {})).json()).toEqual({ ok: true, data: [] });
    expect(await stillThere(commentId)).toBe(false);
  });

  it('leaves the comment of a deleted admin to an owner', async () => {
    const author = await signedInAdmin(ctx.server.app, 'operations');
    const { commentId, url } = await commentBy(author);
    await ctx.server.app.db.delete(admins).where(eq(admins.id, author.id));
    expect((await as.operations.call('PUT', url, {})).statusCode).toBe(403);
    expect(await stillThere(commentId)).toBe(true);
    expect((await ctx.me.call('PUT', url, {})).json()).toMatchObject({ ok: true });
  });
});
