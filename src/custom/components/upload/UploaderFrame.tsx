import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { FileUpload } from './useFileUpload';

export const UploaderFrame = ({ label, upload, children, footer }: { label: string; upload: FileUpload; children: ReactNode; footer?: ReactNode }) => (
  <Box sx={{ mb: 2 }}>
    <Typography variant="caption" color="text.secondary" component="label" htmlFor={upload.inputId}>
      {label}
    </Typography>
    {upload.picker}
    <Stack direction="row" alignItems="center" spacing={2} flexWrap="wrap" useFlexGap>
      {children}
      {upload.uploading && <CircularProgress size={20} aria-label="Uploading" />}
    </Stack>
    {footer}
  </Box>
);
