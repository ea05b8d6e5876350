import type { DownloadedFile } from '../../providers/httpClient';

/** Hands a downloaded file to the browser: a temporary link to an object URL, clicked once, then both released. */
export function saveDownload({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
