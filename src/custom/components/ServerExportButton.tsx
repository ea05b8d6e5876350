import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useDataProvider, useListContext } from 'react-admin';
import type { AdminDataProvider } from '../../providers/dataProvider';
import type { DownloadedFile } from '../../providers/httpClient';
import { saveDownload } from './saveDownload';
import { useNotifyingMutation } from './useNotifyingMutation';

/** 'Export': the list's whole filtered result as a CSV the server writes, with the list's filters and sort. */
export const ServerExportButton = () => {
  const { resource, filterValues, filter, sort } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  // The permanent filter (a list narrowed to one company) wins over the shown ones, as in getList.
  const download = useNotifyingMutation(() => dataProvider.exportList(resource, { filter: { ...filterValues, ...filter }, sort }), {
    // After a 401 react-admin signs the admin out and answers an empty result instead of the file: nothing to save.
    onSuccess: (file: Partial<DownloadedFile>) => {
      if (file.blob) saveDownload({ blob: file.blob, filename: file.filename ?? 'download' });
    },
  });
  return (
    <Button label="Export" onClick={() => download.mutate()} disabled={download.isPending}>
      <DownloadIcon />
    </Button>
  );
};
