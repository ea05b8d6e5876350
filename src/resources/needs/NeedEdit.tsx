import { Edit, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, required, useNotify } from 'react-admin';
import { messages } from '../../catalogue/messages';
import { ConfirmDeleteButton } from '../../custom/components/ConfirmDeleteButton';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { RawDataTab } from '../../custom/components/RawDataTab';
import { RecordTabs } from '../../custom/components/RecordTabs';
import { useLoadFailure } from '../../custom/components/useLoadFailure';
import { EMERGENCY_CHOICES, STATUS_CHOICES } from './needChoices';

const NeedToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton label="Update" icon={<></>} />
    <ConfirmDeleteButton />
  </Toolbar>
);

/** Spec §2 /need/{id}: edit (status: any of the three, spec §4) and delete; Raw Data. */
export const NeedEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      title="Need"
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={useLoadFailure()}
      mutationOptions={{ onSuccess: () => notify(messages.success.updated, { type: 'success' }) }}
    >
      <RecordTabs
        tabs={[
          {
            label: 'Information',
            content: (
              <SimpleForm toolbar={<NeedToolbar />}>
                <OrganisationInput />
                <DomainSelect source="activity_domain" fullWidth />
                <SubDomainSelect source="sub_activity_domain" fullWidth />
                <TextInput source="description" label="Description" validate={required()} multiline minRows={3} fullWidth />
                <SelectInput source="emergency" label="Emergency" choices={EMERGENCY_CHOICES} validate={required()} fullWidth />
                <SelectInput source="status" label="Status" choices={STATUS_CHOICES} validate={required()} fullWidth />
              </SimpleForm>
            ),
          },
          { label: 'Raw Data', content: <RawDataTab /> },
        ]}
      />
    </Edit>
  );
};
