import { Link, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { FieldDeclaration } from '../../../shared/entities/fields';
import { fieldText } from './fieldFormat';
import { ReferenceLink } from './ReferenceLink';

export interface FieldValueProps {
  /** The field's name; with `label`, what react-admin's Labeled (and SimpleShowLayout) read to label it. */
  source: string;
  label: string;
  field: FieldDeclaration;
}

/** A field of the record as plain text, whole (a long text keeps its lines), to be read and not typed into. */
export const FieldValue = ({ source, field }: FieldValueProps) => {
  const record = useRecordContext();
  if (!record) return null;
  if (field.type === 'reference') return <ReferenceLink name={source} field={field} record={record} />;
  const value: unknown = record[source];
  if (field.type === 'files' && Array.isArray(value)) {
    return (
      <Stack component="span" spacing={0.5}>
        {value.map((url: unknown, index) => (
          <Link key={`${String(url)}-${index}`} href={String(url)} target="_blank" rel="noreferrer">
            {`File ${index + 1}`}
          </Link>
        ))}
      </Stack>
    );
  }
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: field.type === 'longText' ? 'pre-wrap' : undefined }}>
      {fieldText(source, field, record)}
    </Typography>
  );
};
