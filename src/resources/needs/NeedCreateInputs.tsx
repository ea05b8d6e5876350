import { needFields } from '../../../shared/entities/needs';
import { FieldInputs } from '../../custom/fields/FieldInputs';
import { needInputs } from './needInputs';

export const NeedCreateInputs = () => <FieldInputs entity={needFields} on="create" inputs={needInputs} />;
