import { FieldInputs } from './FieldInputs';
import { useFieldScreens } from './fieldScreensContext';

/** The create dialog's inputs of the resource on screen. */
export const DerivedCreateInputs = () => <FieldInputs entity={useFieldScreens().entity} on="create" />;
