import { needFields } from '../../../shared/entities/needs';
import { FieldShowRows } from '../../custom/fields/FieldShowRows';
import { RecordShow } from '../../custom/fields/RecordShow';
import { needName } from './needName';

/** The need page of an admin who may read needs and not update them (finance, support): its fields as text. */
export const NeedShow = () => <RecordShow nameOf={needName} information={<FieldShowRows entity={needFields} />} />;
