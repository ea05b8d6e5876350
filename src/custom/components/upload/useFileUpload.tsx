import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { messages } from '../../../catalogue/messages';
import type { AdminDataProvider } from '../../../providers/dataProvider';
import { readFileAsDataUrl } from './readFileAsDataUrl';

export const UPLOAD_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml,application/pdf';

/**
 * Picks a file and uploads it through POST /file into `folder` (spec §7); `onUploaded` gets its URL.
 * Render `picker` once; call `choose` from any button. A refusal shows the server's code.
 */
export type FileUpload = ReturnType<typeof useFileUpload>;

export function useFileUpload(folder: string, label: string, onUploaded: (url: string) => void) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [uploading, setUploading] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const [url] = await dataProvider.uploadFiles([{ rawBody: await readFileAsDataUrl(file), name: file.name }], folder);
      if (url) onUploaded(url);
    } catch (error) {
      notify(error instanceof Error ? error.message : messages.failure.generic, { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  return {
    inputId,
    uploading,
    choose: () => input.current?.click(),
    picker: <input ref={input} id={inputId} type="file" accept={UPLOAD_ACCEPT} hidden aria-label={label} onChange={onFile} />,
  };
}
