import type { RaRecord } from 'react-admin';
import { needFields } from '../../../shared/entities/needs';
import { FieldInputs } from '../../custom/fields/FieldInputs';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { shortText } from '../../custom/components/recordTitle';
import { needInputs } from './needInputs';

/** A need has no name: its title is the start of its description, else its organisation. */
const needName = (need: RaRecord): string => shortText(need.description) || shortText(need.organisation_name);

export const NeedEdit = () => (
  <RecordEdit
    nameOf={needName}
    form={
      <RecordForm toolbar={<UpdateDeleteToolbar />}>
        <FieldInputs entity={needFields} on="edit" inputs={needInputs} />
      </RecordForm>
    }
  />
);
