import { Box, Link, Paper, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { relativeTime } from '../../../shared/catalogue/relativeTime';
import type { CompanyComment, CompanySummary } from '../../../shared/contract/companies';
import { useRecordPath } from '../../custom/components/useRecordPath';
import type { SyncJob } from '../../providers/companyCalls';
import type { CompanyDetailRecord } from '../../providers/records';
import type { useCompanySummary } from './useCompanySummary';

/** A list of the records linked to the company, narrowed to it (their lists read `organisation_id` from the filter). */
const listOfCompany = (resource: 'offer' | 'need', companyId: string) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify({ organisation_id: companyId }))}`;

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('fr-FR')} ${count === 1 ? one : many}`;

interface Tile {
  key: keyof CompanySummary;
  one: string;
  many: string;
  /** Where the counted records are listed; none for rooms, whose list is not narrowed by company. */
  to?: string;
}

/** A count as a tile: the number large, what it counts below; a link to where they are listed when there is one. */
const CountTile = ({ tile, count, unavailable }: { tile: Tile; count: number | undefined; unavailable: boolean }) => {
  // The same two lines whether counted, counting or not counted: the tiles keep their height, nothing below them moves.
  const body = (
    <>
      <Typography component="span" variant="h6" sx={{ display: 'block', lineHeight: 1.3, fontVariantNumeric: 'tabular-nums' }}>
        {count !== undefined ? count.toLocaleString('fr-FR') : unavailable ? '—' : <Skeleton variant="text" width={40} />}
      </Typography>{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        {count === 1 ? tile.one : unavailable && count === undefined ? `${tile.many}: not counted` : tile.many}
      </Typography>
    </>
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={`summary-${tile.key}`}>
      {tile.to && count !== undefined ? (
        <Link component={RouterLink} to={tile.to} underline="hover" color="inherit" aria-label={plural(count, tile.one, tile.many)} sx={{ display: 'block' }}>
          {body}
        </Link>
      ) : (
        body
      )}
    </Paper>
  );
};

const Fact = ({ label, children, testId }: { label: string; children: ReactNode; testId: string }) => (
  <Box sx={{ minWidth: 0 }} data-testid={testId}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** Whether the company is identified in the registry (its SIRET) and how its last sync with the old platform went. */
const RegistryStatus = ({ company }: { company: CompanyDetailRecord }) => {
  const lastSync = company.last_sync as SyncJob | null;
  return (
    <>
      <Fact label="Registry" testId="summary-registry">
        {company.siret ? `Identified, SIRET ${company.siret}` : 'Not identified: no SIRET'}
      </Fact>
      <Fact label="Old platform" testId="summary-sync">
        {lastSync ? `Sync ${lastSync.status}, ${formatShortDateTime(lastSync.started_at)}` : 'Never synced'}
      </Fact>
    </>
  );
};

/** The newest comment, its first lines quoted, with its author and age; the whole of it in the Comments tab. */
const LastComment = ({ comments, to }: { comments: CompanyComment[]; to: string }) => {
  const last = comments[0];
  return (
    <Fact label="Last comment" testId="summary-last-comment">
      {last ? (
        <>
          <Box component="span" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', whiteSpace: 'pre-wrap' }}>
            {`“${last.text}”`}
          </Box>
          <Typography variant="caption" color="text.secondary" component="span">
            {`${last.user_name}, ${relativeTime(last.created_at)} · `}
            <Link component={RouterLink} to={to}>
              All comments
            </Link>
          </Typography>
        </>
      ) : (
        'No comment yet'
      )}
    </Fact>
  );
};

/**
 * The company at a glance, where its page opens (its balance is the header's badge): how it stands in the registry,
 * what hangs on it, counted by the server in one call (each count a link to where those records are), and its last
 * comment.
 */
export const CompanyAtAGlance = ({ summary, unavailable }: ReturnType<typeof useCompanySummary>) => {
  const company = useRecordContext<CompanyDetailRecord>();
  const recordPath = useRecordPath();
  if (!company) return null;
  const id = String(company.id);
  const tiles: Tile[] = [
    { key: 'users', one: 'user', many: 'users', to: `${recordPath}/users` },
    { key: 'offers', one: 'offer', many: 'offers', to: listOfCompany('offer', id) },
    { key: 'needs', one: 'need', many: 'needs', to: listOfCompany('need', id) },
    { key: 'rooms', one: 'room', many: 'rooms' },
    { key: 'pending_credit_requests', one: 'pending credit request', many: 'pending credit requests', to: `${recordPath}/credits` },
  ];
  return (
    <Box component="section" aria-label="Summary" sx={{ p: 2, pb: 0 }}>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
        {tiles.map((tile) => (
          <CountTile key={tile.key} tile={tile} count={summary?.[tile.key]} unavailable={unavailable} />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
        <RegistryStatus company={company} />
        <LastComment comments={Array.isArray(company.comments) ? company.comments : []} to={`${recordPath}/comments`} />
      </Box>
    </Box>
  );
};
