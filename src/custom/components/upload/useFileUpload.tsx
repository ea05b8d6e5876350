import { useId, useRef, type ChangeEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { messages } from '../../../../shared/catalogue/messages';
import { UPLOAD_MIME_TYPES } from '../../../../shared/catalogue/uploads';
import { environment } from '../../../providers';
import type { AdminDataProvider } from '../../../providers/dataProvider';
import { useNotifyingMutation } from '../useNotifyingMutation';
import { readFileAsDataUrl } from './readFileAsDataUrl';
import { uploadRefusal } from './uploadRefusal';

export const UPLOAD_ACCEPT = UPLOAD_MIME_TYPES.join(',');

/** Uploads to POST /file; a file the server would refuse (type, size) is refused before it is read. Render `picker` once. */
export type FileUpload = ReturnType<typeof useFileUpload>;

export function useFileUpload(folder: string, label: string, onUploaded: (url: string) => void) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  // No success toast: the caller shows the uploaded file.
  const upload = useNotifyingMutation(
    async (file: File) => {
      const [url] = await dataProvider.uploadFiles([{ rawBody: await readFileAsDataUrl(file), name: file.name }], folder);
      return url;
    },
    {
      fallback: messages.failure.unknownOccurred,
      onSuccess: (url) => {
        if (url) onUploaded(url);
      },
    },
  );

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = uploadRefusal(file, environment.uploadMaxBytes);
    if (refusal) {
      notify(refusal, { type: 'error' });
      return;
    }
    upload.mutate(file);
  };

  return {
    inputId,
    uploading: upload.isPending,
    choose: () => input.current?.click(),
    picker: <input ref={input} id={inputId} type="file" accept={UPLOAD_ACCEPT} hidden aria-label={label} onChange={onFile} />,
  };
}
