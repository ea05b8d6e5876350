import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext, type RaRecord } from 'react-admin';
import type { FieldDeclaration } from '../../../shared/entities/fields';
import { fieldText } from './fieldFormat';
import { FieldValue } from './FieldValue';
import type { FieldEntity } from './fieldEntity';

export interface FieldShowRowsProps {
  entity: FieldEntity;
  /** Fields side by side, as the form's rows (the row comes where its first field is declared); the others one a line. */
  rows?: readonly (readonly string[])[];
  /** A field's value written by hand (a logo as its picture, a price in euros); it reads the record from its context. */
  values?: Readonly<Record<string, ReactNode>>;
  /** Fields the page shows elsewhere (its header), left out here. */
  omit?: readonly string[];
  /** The rows in their own order, then the fields in none, as a form laid out by rows (the company's) shows them. */
  inRowsOrder?: boolean;
}

/** Whether the record has nothing to show for the field: it then reads '—', not a blank under its label. */
const isEmpty = (name: string, field: FieldDeclaration, record: RaRecord) =>
  field.type === 'files' ? !Array.isArray(record[name]) || record[name].length === 0 : fieldText(name, field, record) === '';

const Empty = () => (
  <Typography component="span" variant="body2" color="text.secondary">
    —
  </Typography>
);

/** One field: its label above its whole value, in the theme's text colours (no greyed-out input, nothing cut off). */
const ShownField = ({ name, field, value }: { name: string; field: FieldDeclaration; value?: ReactNode }) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {field.label}
      </Typography>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value ?? (isEmpty(name, field, record) ? <Empty /> : <FieldValue source={name} label={field.label} field={field} />)}
      </Box>
    </Box>
  );
};

/**
 * The record's declared fields as text, in the form's rows (a description list per row): what an admin who may not
 * update the record reads instead of a disabled form. Nothing in it takes typing.
 */
export const FieldShowRows = ({ entity, rows = [], values = {}, omit = [], inRowsOrder = false }: FieldShowRowsProps) => {
  const isShown = (name: string) => entity.fields[name] !== undefined && !omit.includes(name);
  const rowOf = (name: string) => rows.find((row) => row.includes(name));
  const declared = Object.keys(entity.fields);
  const order = inRowsOrder ? [...rows.flat(), ...declared.filter((name) => !rowOf(name))] : declared;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {order.map((name) => {
        const members = (rowOf(name) ?? [name]).filter(isShown);
        // A row comes once, where its first shown field comes.
        if (members[0] !== name) return null;
        return (
          <Box
            key={name}
            component="dl"
            // Rows share three columns at most (fewer on a narrow screen), so that their fields line up; a field alone has the whole line.
            sx={{
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: members.length > 1 ? 'repeat(auto-fill, minmax(max(220px, calc((100% - 32px) / 3)), 1fr))' : '1fr',
            }}
          >
            {members.map((member) => (
              <ShownField key={member} name={member} field={entity.fields[member] as FieldDeclaration} value={values[member]} />
            ))}
          </Box>
        );
      })}
    </Stack>
  );
};
