import { lazyNamed } from '../../custom/lazyNamed';
import { useCanAccess } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { RegistryLookup } from '../../custom/registry/RegistryLookup';
import { CompanyAtAGlance } from './CompanyAtAGlance';
import { CompanyHeader } from './CompanyHeader';
import { CompanyInputs } from './CompanyInputs';
import { companyTabs } from './companyTabs';
import { explainCompanyNotEmpty } from './companyNotEmpty';
import { useCompanySummary } from './useCompanySummary';

// Only a role that may not update the record reads it: its code is fetched then, not with the form's.
const CompanyShow = lazyNamed(() => import('./CompanyShow'), 'CompanyShow');

/** A balance adjustment reloads the company: unsaved edits of the form survive it. */
const KEEP_UNSAVED_EDITS = { keepDirtyValues: true };

/**
 * `/company/{id}`: the summary, then the form, for an admin who may update the company; for one who may only read it,
 * the read view at the same address (CompanyShow), so that a link works for every role. A company that still has
 * users, offers, needs or rooms is not deleted: the dialog says what to move first.
 */
export const CompanyEdit = () => {
  const summary = useCompanySummary(useParams().id);
  const { canAccess: canUpdate, isPending } = useCanAccess({ action: 'edit' });
  if (isPending) return null;
  if (!canUpdate) return <CompanyShow />;
  return (
    <RecordEdit
      header={<CompanyHeader />}
      form={
        <>
          <CompanyAtAGlance {...summary} />
          <RecordForm toolbar={<UpdateDeleteToolbar explainDeleteFailure={explainCompanyNotEmpty} />} resetOptions={KEEP_UNSAVED_EDITS}>
            <RegistryLookup />
            <CompanyInputs />
          </RecordForm>
        </>
      }
      extraTabs={companyTabs(summary)}
    />
  );
};
