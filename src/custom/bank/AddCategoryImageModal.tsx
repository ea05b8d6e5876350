import AddIcon from '@mui/icons-material/Add';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { Button, Form, useDataProvider, useNotify } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DOMAIN_NAMES } from '../../catalogue/domains';
import { messages } from '../../catalogue/messages';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { failureMessage } from '../../providers/failureMessage';
import { FileUploadInput } from '../components/upload/FileUploadInput';

export const CATEGORY_IMAGES_FOLDER = '/category_images';

/** The Add button waits for a domain and an uploaded image (spec §5). */
const AddButton = ({ domain, busy }: { domain: string; busy: boolean }) => {
  const imageUrl: unknown = useWatch({ name: 'image_url' });
  return (
    <MuiButton type="submit" variant="contained" disabled={!domain || !imageUrl || busy}>
      Add
    </MuiButton>
  );
};

/** Spec §2 Bank add-image modal: a domain and an image uploaded to /category_images. */
export const AddCategoryImageModal = ({ onCreated }: { onCreated: () => void }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOpen(false);
    setDomain('');
  };
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      await dataProvider.createCategoryImage(domain, String(values.image_url));
      notify(messages.success.categoryImageCreated, { type: 'success' });
      close();
      onCreated();
    } catch (error) {
      notify(failureMessage(error, messages.failure.createCategoryImage), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="Add image" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>Add image</DialogTitle>
        <Form onSubmit={submit}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField select label="Activity domain" value={domain} onChange={(event) => setDomain(event.target.value)}>
                {DOMAIN_NAMES.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
              <FileUploadInput source="image_url" label="Image" folder={CATEGORY_IMAGES_FOLDER} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close}>Cancel</MuiButton>
            <AddButton domain={domain} busy={busy} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
};
