import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import { Autocomplete, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { Button, useGetList, type RaRecord } from 'react-admin';
import { useBulkAction } from './useBulkAction';

export const BulkMoveUsersButton = () => {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [company, setCompany] = useState<RaRecord | null>(null);
  const { run, pending, count } = useBulkAction('move', 'moved');
  const { data: companies = [], isFetching } = useGetList(
    'company',
    { filter: { search }, pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );
  const close = () => {
    setOpen(false);
    setCompany(null);
    setSearch('');
  };
  return (
    <>
      <Button label="Move to company" onClick={() => setOpen(true)} disabled={pending}>
        <DriveFileMoveIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="bulk-move-title">
        <DialogTitle id="bulk-move-title">{`Move ${count} users`}</DialogTitle>
        <DialogContent>
          <Autocomplete<RaRecord>
            options={companies}
            loading={isFetching}
            value={company}
            onChange={(_event, value) => setCompany(value)}
            onInputChange={(_event, value) => setSearch(value)}
            filterOptions={(options) => options}
            getOptionLabel={(option) => String(option.name ?? '')}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            renderInput={(params) => <TextField {...params} autoFocus label="Company" margin="dense" />}
          />
        </DialogContent>
        <DialogActions>
          <Button label="Cancel" onClick={close} />
          <Button
            label="Move"
            variant="contained"
            disabled={!company}
            onClick={() => {
              if (!company) return;
              run({ organisation_id: company.id });
              close();
            }}
          />
        </DialogActions>
      </Dialog>
    </>
  );
};
