import { screen, waitFor } from '@testing-library/react';
import { HttpError, useGetList, useUpdate } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/catalogue/messages';
import { DatabaseOutageNotice } from '../../src/custom/layout/DatabaseOutageNotice';
import { renderRoutes } from '../helpers/renderScreen';

const outage = () => new HttpError('DATABASE_UNAVAILABLE', 503, { ok: false, code: 'DATABASE_UNAVAILABLE' });

/** A screen whose list fails, and whose button saves: what any page of the console does while the database is away. */
function Screen() {
  useGetList('companies', { pagination: { page: 1, perPage: 5 } }, { retry: false });
  const [update] = useUpdate();
  return (
    <>
      <DatabaseOutageNotice />
      <button
        type="button"
        onClick={() => void update('companies', { id: 'c1', data: { name: 'x' }, previousData: { id: 'c1' } }, { mutationMode: 'pessimistic' })}
      >
        Save
      </button>
    </>
  );
}

describe('the database away (503 DATABASE_UNAVAILABLE)', () => {
  it('is told once in a toast, for a failed read or a failed save, and the admin stays signed in', async () => {
    const getList = vi.fn(async () => Promise.reject(outage()));
    const update = vi.fn(async () => Promise.reject(outage()));
    const { user, authProvider } = renderRoutes('/', <Route path="/" element={<Screen />} />, { dataProvider: { getList, update } });
    expect(await screen.findByText(messages.failure.databaseUnavailable)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    // A burst of failures is one toast, not one per call.
    expect(screen.getAllByText(messages.failure.databaseUnavailable)).toHaveLength(1);
    expect(authProvider.logout).not.toHaveBeenCalled();
  });

  it('says nothing of other failures', async () => {
    const getList = vi.fn(async () => Promise.reject(new HttpError('NOT_FOUND', 404, { ok: false, code: 'NOT_FOUND' })));
    renderRoutes('/', <Route path="/" element={<Screen />} />, { dataProvider: { getList } });
    await waitFor(() => expect(getList).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText(messages.failure.databaseUnavailable)).not.toBeInTheDocument();
  });
});
