import { Card, CardActionArea, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useGetIdentity } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DashboardTodo } from '../../../shared/contract/dashboardTodo';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { groupDigits } from '../product';
import { previousVisit } from './lastVisit';
import { AWAITING_REPLY, INVITED_NOT_SIGNED_IN } from '../todoFilters';
import { links, listUrl } from './listLinks';

export const TODO_TITLE = 'Waiting for you';

interface TodoFigure {
  label: string;
  value: number;
  detail: string;
  /** The filtered list behind the figure, where one exists. */
  to?: string;
}

const APPROVALS = '/approvals';
const plural = (count: number, word: string) => `${groupDigits(count)} ${word}`;

/** The requester's outcomes in words, the list of theirs (one outcome: its tab). */
function decidedFigure(decided: NonNullable<DashboardTodo['my_decided_requests']>, me: string, firstVisit: boolean): TodoFigure {
  const outcomes = (['approved', 'rejected', 'expired'] as const).filter((status) => decided[status] > 0);
  const [only] = outcomes;
  const when = firstVisit ? 'in the last 7 days' : 'since your last visit';
  return {
    label: 'My requests decided',
    value: decided.approved + decided.rejected + decided.expired,
    detail: outcomes.length === 0 ? `None ${when}` : `${outcomes.map((status) => plural(decided[status], status)).join(' · ')} ${when}`,
    to: listUrl(APPROVALS, { filter: outcomes.length === 1 && only ? { requested_by: me, status: only } : { requested_by: me } }),
  };
}

/** The figures the server counted for this admin; one their role may not list comes back null and is not shown. */
function figuresOf(todo: DashboardTodo, me: string, firstVisit: boolean): TodoFigure[] {
  const figures: TodoFigure[] = [];
  if (todo.approvals_to_decide !== null)
    figures.push({
      label: 'Approvals to decide',
      value: todo.approvals_to_decide,
      detail: 'Credit requests from other admins',
      to: listUrl(APPROVALS, { filter: { status: 'pending' } }),
    });
  if (todo.my_decided_requests !== null) figures.push(decidedFigure(todo.my_decided_requests, me, firstVisit));
  if (todo.rooms_awaiting_reply !== null)
    figures.push({
      label: 'Rooms awaiting a reply',
      value: todo.rooms_awaiting_reply,
      detail: 'The buyer wrote last',
      to: listUrl(links.rooms, { filter: { [AWAITING_REPLY]: true } }),
    });
  if (todo.invited_users !== null)
    figures.push({
      label: 'Users invited, not signed up',
      value: todo.invited_users,
      detail: 'Never signed in',
      to: listUrl(links.users, { filter: { [INVITED_NOT_SIGNED_IN]: true } }),
    });
  return figures;
}

const TodoCard = ({ figure }: { figure: TodoFigure }) => {
  const content = (
    <CardContent>
      <Typography variant="overline" color="text.secondary" component="p">
        {figure.label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ whiteSpace: 'nowrap' }}>
        {groupDigits(figure.value)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {figure.detail}
      </Typography>
    </CardContent>
  );
  const name = `${figure.label}: ${groupDigits(figure.value)}`;
  return (
    <Card variant="outlined" role="group" aria-label={name} sx={{ height: '100%', ...(figure.value > 0 && figure.to ? { borderColor: 'primary.main' } : {}) }}>
      {figure.to ? (
        <CardActionArea component={Link} to={figure.to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
};

const cardSize = { xs: 12, sm: 6, lg: 3 } as const;
/** Held while the figures come, so that the charts below do not move when they arrive. */
const TODO_HEIGHT = 124;

/**
 * What waits for the signed-in admin, above the charts: its own call, so that it never delays the charts' first
 * paint; nothing at all if that call fails (the charts still show).
 */
export const TodoFigures = () => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { identity } = useGetIdentity();
  const me = identity ? String(identity.id) : undefined;
  const since = useMemo(() => (me === undefined ? undefined : previousVisit(me)), [me]);
  const { data, isError } = useQuery({
    queryKey: ['dashboard', 'todo', me, since],
    queryFn: () => dataProvider.getDashboardTodo(since),
    enabled: me !== undefined,
    retry: false,
  });
  if (isError) return null;
  return (
    <Grid container spacing={2} component="section" aria-label={TODO_TITLE} sx={{ mb: 2 }}>
      <Grid size={12}>
        <Typography variant="h6" component="h2">
          {TODO_TITLE}
        </Typography>
      </Grid>
      {data && me !== undefined ? (
        figuresOf(data, me, since === undefined).map((figure) => (
          <Grid key={figure.label} size={cardSize}>
            <TodoCard figure={figure} />
          </Grid>
        ))
      ) : (
        <Grid size={12}>
          <Skeleton variant="rounded" height={TODO_HEIGHT} aria-hidden />
        </Grid>
      )}
    </Grid>
  );
};
