import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, Notification, testDataProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../../shared/catalogue/uploads';
import { FileUploadInput } from '../../src/custom/components/upload/FileUploadInput';
import { ImagesInput } from '../../src/custom/components/upload/ImagesInput';

/** A file of `size` bytes as the picker hands it over, without allocating them. */
function pickedFile(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderUploaders(uploadFiles: (...args: never[]) => Promise<unknown>) {
  render(
    <AdminContext dataProvider={testDataProvider({ uploadFiles } as Partial<DataProvider>)}>
      <Form>
        <FileUploadInput source="logo_url" label="Logo" folder="/credit" />
        <ImagesInput source="images" label="Images" folder="/offers" />
      </Form>
      <Notification />
    </AdminContext>,
  );
}

// The browser's picker honours `accept` only as a hint, so files are handed over as any picker could.
const pick = (label: string, file: File) => fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

describe('uploaders refuse, before reading, what the server would refuse', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a file over the 5 MiB cap: a clear toast, no read, no call', async () => {
    const uploadFiles = vi.fn(async () => ['http://x.test/big.png']);
    const read = vi.spyOn(FileReader.prototype, 'readAsDataURL');
    renderUploaders(uploadFiles);
    pick('Logo', pickedFile('big.png', 'image/png', 20_000_000));
    expect(await screen.findByText('big.png is too large (19.1 MB): the limit is 5 MB.')).toBeInTheDocument();
    expect(read).not.toHaveBeenCalled();
    expect(uploadFiles).not.toHaveBeenCalled();
  });

  it('a type the server does not take: a clear toast, no call', async () => {
    const uploadFiles = vi.fn(async () => ['http://x.test/notes.txt']);
    renderUploaders(uploadFiles);
    pick('Images', pickedFile('notes.txt', 'text/plain', 120));
    expect(await screen.findByText('notes.txt: this type of file is not accepted (PNG, JPEG, GIF, WebP, SVG or PDF only).')).toBeInTheDocument();
    expect(uploadFiles).not.toHaveBeenCalled();
  });

  it('a file at the cap, and an untyped pdf known by its name, are sent', async () => {
    const uploadFiles = vi.fn(async () => ['http://x.test/uploaded.png']);
    renderUploaders(uploadFiles);
    pick('Logo', pickedFile('exact.png', 'image/png', DEFAULT_UPLOAD_MAX_BYTES));
    await waitFor(() => expect(uploadFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'exact.png' })], '/credit'));
    pick('Images', pickedFile('scan.PDF', '', 2048));
    await waitFor(() => expect(uploadFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'scan.PDF' })], '/offers'));
  });

  it('the picker offers only the accepted types', () => {
    renderUploaders(vi.fn());
    expect(screen.getByLabelText('Logo')).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml,application/pdf');
  });

  it('a failure that carries no code of its own says UNKNOWN_ERROR_OCCUR', async () => {
    renderUploaders(vi.fn(async () => Promise.reject(new Error(''))));
    pick('Logo', pickedFile('logo.png', 'image/png', 1024));
    expect(await screen.findByText('UNKNOWN_ERROR_OCCUR')).toBeInTheDocument();
  });
});
