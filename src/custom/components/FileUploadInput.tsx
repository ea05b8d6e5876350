import MoreVertIcon from '@mui/icons-material/MoreVert';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, CircularProgress, FormHelperText, IconButton, Link, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, useDataProvider, useInput, useNotify, type InputProps } from 'react-admin';
import { messages } from '../../catalogue/messages';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { readFileAsDataUrl } from './readFileAsDataUrl';

export const UPLOAD_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml,application/pdf';

const isPdf = (url: string) => /\.pdf($|\?)/i.test(url);

/**
 * Spec §2 file uploader: images and pdf, uploaded through POST /file into `folder`; the field
 * keeps the file's URL. A preview, and a menu to replace ('Edit') or remove ('Delete') the file.
 */
export const FileUploadInput = ({ folder, label, ...props }: InputProps & { folder: string; label: string }) => {
  const { field, fieldState } = useInput(props);
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const picker = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const url = typeof field.value === 'string' && field.value ? field.value : undefined;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const [uploaded] = await dataProvider.uploadFiles([{ rawBody: await readFileAsDataUrl(file), name: file.name }], folder);
      if (uploaded) field.onChange(uploaded);
    } catch (error) {
      notify(error instanceof Error ? error.message : messages.failure.generic, { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="label" htmlFor={inputId}>
        {label}
      </Typography>
      <input ref={picker} id={inputId} type="file" accept={UPLOAD_ACCEPT} hidden aria-label={label} onChange={onFile} />
      <Stack direction="row" alignItems="center" spacing={1}>
        {url ? (
          <>
            {isPdf(url) ? (
              <Link href={url} target="_blank" rel="noopener noreferrer" aria-label="Open pdf">
                <PictureAsPdfIcon fontSize="large" />
              </Link>
            ) : (
              <Box component="img" src={url} alt={label} sx={{ width: 64, height: 64, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider' }} />
            )}
            <IconButton aria-label="File actions" onClick={(event) => setMenuAnchor(event.currentTarget)}>
              <MoreVertIcon />
            </IconButton>
            <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  picker.current?.click();
                }}
              >
                Edit
              </MenuItem>
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  field.onChange(null);
                }}
              >
                Delete
              </MenuItem>
            </Menu>
          </>
        ) : (
          <Button label="Upload" onClick={() => picker.current?.click()} disabled={uploading}>
            <UploadIcon />
          </Button>
        )}
        {uploading && <CircularProgress size={20} aria-label="Uploading" />}
      </Stack>
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
};
