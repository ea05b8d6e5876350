import UploadIcon from '@mui/icons-material/Upload';
import { FormHelperText } from '@mui/material';
import { Button, useInput, type InputProps } from 'react-admin';
import { UploadedFile } from './UploadedFile';
import { UploaderFrame } from './UploaderFrame';
import { useFileUpload } from './useFileUpload';

/** A file uploader for one file (a company logo): the field keeps the file's URL. */
export const FileUploadInput = ({ folder, label, ...props }: InputProps & { folder: string; label: string }) => {
  const { field, fieldState } = useInput(props);
  const upload = useFileUpload(folder, label, (url) => field.onChange(url));
  const url = typeof field.value === 'string' && field.value ? field.value : undefined;
  return (
    <UploaderFrame label={label} upload={upload} footer={fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}>
      {url ? (
        <UploadedFile url={url} alt={label} onReplace={upload.choose} onRemove={() => field.onChange(null)} disabled={field.disabled} />
      ) : (
        !field.disabled && (
          <Button label="Upload" onClick={upload.choose} disabled={upload.uploading}>
            <UploadIcon />
          </Button>
        )
      )}
    </UploaderFrame>
  );
};
