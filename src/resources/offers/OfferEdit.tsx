import { Box } from '@mui/material';
import { BooleanInput, Edit, NumberInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, required, useNotify } from 'react-admin';
import { messages } from '../../catalogue/messages';
import { ConfirmDeleteButton } from '../../custom/components/ConfirmDeleteButton';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { RawDataTab } from '../../custom/components/RawDataTab';
import { RecordTabs } from '../../custom/components/RecordTabs';
import { ImagesInput } from '../../custom/components/upload/ImagesInput';
import { useLoadFailure } from '../../custom/components/useLoadFailure';
import { OFFER_IMAGES_FOLDER } from './OfferCreate';
import { CREDIT_RATIO_CHOICES, UNIT_CHOICES } from './offerFormat';

const Row = ({ children }: { children: React.ReactNode }) => (
  <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', '& > *': { flex: '1 1 200px' } }}>{children}</Box>
);

const OfferToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton label="Update" icon={<></>} />
    <ConfirmDeleteButton />
  </Toolbar>
);

/** Spec §2 /offer/{id}: every offer field (§3), Update and Delete; Raw Data. */
export const OfferEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      title="Offer"
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
              <SimpleForm toolbar={<OfferToolbar />}>
                <TextInput source="title" label="Title" validate={required()} fullWidth />
                <TextInput source="description" label="Description" validate={required()} multiline minRows={3} fullWidth />
                <ImagesInput source="images" label="Images" folder={OFFER_IMAGES_FOLDER} />
                <OrganisationInput />
                <Row>
                  <DomainSelect source="activity_domain" />
                  <SubDomainSelect source="sub_activity_domain" />
                </Row>
                <Row>
                  <NumberInput source="price" label="Price" min={0} />
                  <SelectInput source="unit" label="Unit" choices={UNIT_CHOICES} />
                  <SelectInput source="credit_ratio" label="Credit ratio" choices={CREDIT_RATIO_CHOICES} />
                </Row>
                <BooleanInput source="price_on_proposal" label="sur devis" />
              </SimpleForm>
            ),
          },
          { label: 'Raw Data', content: <RawDataTab /> },
        ]}
      />
    </Edit>
  );
};
