import { CreateModal } from '../components/CreateModal';
import { loadCreateInputs } from './createInputsLoader';
import { useFieldScreens } from './fieldScreensContext';

/** The list's Create button; its dialog and inputs load on the first click (or earlier, when the console is idle). */
export const DerivedCreate = () => {
  const { entity, created } = useFieldScreens();
  return <CreateModal openLabel="Create" title={`Create ${entity.label.toLowerCase()}`} successMessage={created} loadInputs={loadCreateInputs} />;
};
