import { FieldShowLayout } from './FieldShowLayout';
import { recordName } from './fieldFormat';
import { useFieldScreens } from './fieldScreensContext';
import { RecordShow } from './RecordShow';

/** The read view of a record: `/{name}/{id}/show`, and the record page of an admin who may not update it (DerivedEdit). */
export const DerivedShow = () => {
  const { entity } = useFieldScreens();
  return <RecordShow information={<FieldShowLayout entity={entity} />} nameOf={(record) => recordName(entity, record)} />;
};
