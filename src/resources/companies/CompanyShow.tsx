import { Avatar, Link, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { companyFields, companyFormRows } from '../../../shared/entities/companies';
import { defaultRecordName } from '../../custom/components/recordTitle';
import { FieldShowRows } from '../../custom/fields/FieldShowRows';
import { RecordShow } from '../../custom/fields/RecordShow';
import { CompanyAtAGlance } from './CompanyAtAGlance';
import { CompanyHeader } from './CompanyHeader';
import { companyTabs } from './companyTabs';
import { useCompanySummary } from './useCompanySummary';
import type { CompanyDetailRecord } from '../../providers/records';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The logo as the picture it is, with its address. */
const LogoValue = () => {
  const logo = text(useRecordContext<CompanyDetailRecord>()?.logo_url);
  if (!logo) return <Typography variant="body2">—</Typography>;
  return (
    <Link href={logo} target="_blank" rel="noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}>
      <Avatar src={logo} alt="" variant="rounded" sx={{ width: 40, height: 40 }} />
      {logo}
    </Link>
  );
};

/** An address to follow (the website, the e-mail), as a link. */
const LinkValue = ({ source, prefix = '' }: { source: 'website' | 'email'; prefix?: string }) => {
  const value = text(useRecordContext<CompanyDetailRecord>()?.[source]);
  if (!value) return <Typography variant="body2">—</Typography>;
  return (
    <Link href={`${prefix}${value}`} {...(prefix ? {} : { target: '_blank', rel: 'noreferrer' })} variant="body2">
      {value}
    </Link>
  );
};

/** The turnover is in euros (the declaration's `credits` type only says it takes decimals), grouped as the French read it. */
const TurnoverValue = () => {
  const turnover = useRecordContext<CompanyDetailRecord>()?.turnover;
  return (
    <Typography variant="body2">
      {typeof turnover === 'number'
        ? turnover.toLocaleString('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 2 })
        : '—'}
    </Typography>
  );
};

const READ_VALUES = {
  logo_url: <LogoValue />,
  website: <LinkValue source="website" />,
  email: <LinkValue source="email" prefix="mailto:" />,
  turnover: <TurnoverValue />,
};

/** The company's fields as text, in the form's rows and order. */
const CompanyFieldsShow = () => <FieldShowRows entity={companyFields} rows={companyFormRows} values={READ_VALUES} inRowsOrder />;

/**
 * The company page of an admin who may read it and not update it (support): the same header, summary and tabs as the
 * form's page, the fields as text. Comments stay writable for a role that may comment: that form has its own button.
 */
export const CompanyShow = () => {
  const summary = useCompanySummary(useParams().id);
  return (
    <RecordShow
      nameOf={defaultRecordName}
      header={<CompanyHeader />}
      information={
        <>
          <CompanyAtAGlance {...summary} />
          <CompanyFieldsShow />
        </>
      }
      extraTabs={companyTabs(summary)}
    />
  );
};
