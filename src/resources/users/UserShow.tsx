import { userFields } from '../../../shared/entities/users';
import { defaultRecordName } from '../../custom/components/recordTitle';
import { FieldShowRows } from '../../custom/fields/FieldShowRows';
import { RecordShow } from '../../custom/fields/RecordShow';

/** The user page of an admin who may read users and not update them (finance, support): its fields as text, its company a link. */
export const UserShow = () => <RecordShow nameOf={defaultRecordName} information={<FieldShowRows entity={userFields} />} />;
