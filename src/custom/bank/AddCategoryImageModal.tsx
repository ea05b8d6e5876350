import AddIcon from '@mui/icons-material/Add';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { Button, Form, useDataProvider } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DOMAIN_NAMES } from '../../../shared/catalogue/domains';
import { messages } from '../../../shared/catalogue/messages';
import { categoryImageFields } from '../../../shared/entities/categoryImages';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { FileUploadInput } from '../components/upload/FileUploadInput';
import { useNotifyingMutation } from '../components/useNotifyingMutation';

export const CATEGORY_IMAGES_FOLDER = '/category_images';

const { fields } = categoryImageFields;

/** The Add button waits for a domain and an uploaded image. */
const AddButton = ({ domain, busy }: { domain: string; busy: boolean }) => {
  const imageUrl: unknown = useWatch({ name: 'image_url' });
  return (
    <MuiButton type="submit" variant="contained" disabled={!domain || !imageUrl || busy}>
      Add
    </MuiButton>
  );
};

export const AddCategoryImageModal = ({ onCreated }: { onCreated: () => void }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [domain, setDomain] = useState('');
  const close = () => {
    setOpen(false);
    setDomain('');
  };
  const create = useNotifyingMutation(
    ({ activityDomain, imageUrl }: { activityDomain: string; imageUrl: string }) => dataProvider.createCategoryImage(activityDomain, imageUrl),
    {
      success: messages.success.categoryImageCreated,
      fallback: messages.failure.createCategoryImage,
      onSuccess: () => {
        close();
        onCreated();
      },
    },
  );
  const submit = (values: Record<string, unknown>) => create.mutate({ activityDomain: domain, imageUrl: String(values.image_url) });
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
              <TextField select label={fields.activity_domain.label} value={domain} onChange={(event) => setDomain(event.target.value)}>
                {DOMAIN_NAMES.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
              <FileUploadInput source="image_url" label={fields.image_url.label} folder={CATEGORY_IMAGES_FOLDER} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close}>Cancel</MuiButton>
            <AddButton domain={domain} busy={create.isPending} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
};
