import { offerFields } from '../../../shared/entities/offers';
import { FieldInputs } from '../../custom/fields/FieldInputs';
import { offerCreateInputs } from './offerInputs';

export const OfferCreateInputs = () => <FieldInputs entity={offerFields} on="create" inputs={offerCreateInputs} />;
