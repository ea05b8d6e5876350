import MoreVertIcon from '@mui/icons-material/MoreVert';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, IconButton, Link, Menu, MenuItem, Stack } from '@mui/material';
import { useState } from 'react';

const isPdf = (url: string) => /\.pdf($|\?)/i.test(url);

interface UploadedFileProps {
  url: string;
  alt: string;
  onReplace: () => void;
  onRemove: () => void;
  /** A read-only form (an admin who may not update the record): the file, without its menu. */
  disabled?: boolean;
}

/** One uploaded file: an image preview or a pdf link, with the 'Edit' (replace) and 'Delete' menu. */
export const UploadedFile = ({ url, alt, onReplace, onRemove, disabled }: UploadedFileProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const act = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <Stack direction="row" alignItems="center">
      {isPdf(url) ? (
        <Link href={url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${alt}`}>
          <PictureAsPdfIcon fontSize="large" />
        </Link>
      ) : (
        <Box component="img" src={url} alt={alt} sx={{ width: 64, height: 64, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider' }} />
      )}
      {!disabled && (
        <IconButton aria-label={`Actions for ${alt}`} onClick={(event) => setAnchor(event.currentTarget)}>
          <MoreVertIcon />
        </IconButton>
      )}
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={act(onReplace)}>Edit</MenuItem>
        <MenuItem onClick={act(onRemove)}>Delete</MenuItem>
      </Menu>
    </Stack>
  );
};
