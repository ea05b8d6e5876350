import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { useRef } from 'react';
import { Button, useInput, type InputProps } from 'react-admin';
import { UploadedFile } from './UploadedFile';
import { UploaderFrame } from './UploaderFrame';
import { useFileUpload } from './useFileUpload';

/** A file uploader for a list of images (an offer's `images[]`): add, replace, remove. */
export const ImagesInput = ({ folder, label, ...props }: InputProps & { folder: string; label: string }) => {
  const { field } = useInput({ defaultValue: [], ...props });
  const images: string[] = Array.isArray(field.value) ? field.value : [];
  // Which image the next upload replaces; none means it is added at the end.
  const replacing = useRef<number | null>(null);
  const upload = useFileUpload(folder, label, (url) => {
    const index = replacing.current;
    field.onChange(index === null ? [...images, url] : images.map((image, position) => (position === index ? url : image)));
    replacing.current = null;
  });
  return (
    <UploaderFrame label={label} upload={upload}>
      {images.map((url, index) => (
        <UploadedFile
          key={`${url}-${index}`}
          url={url}
          alt={`Image ${index + 1}`}
          onReplace={() => {
            replacing.current = index;
            upload.choose();
          }}
          onRemove={() => field.onChange(images.filter((_, position) => position !== index))}
          disabled={field.disabled}
        />
      ))}
      {/* A read-only form (an admin who may not update the offer) shows the images only. */}
      {!field.disabled && (
        <Button
          label="Add image"
          onClick={() => {
            replacing.current = null;
            upload.choose();
          }}
          disabled={upload.uploading}
        >
          <AddPhotoAlternateIcon />
        </Button>
      )}
    </UploaderFrame>
  );
};
