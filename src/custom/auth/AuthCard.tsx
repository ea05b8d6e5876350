import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../shared/catalogue/product';

/** The frame of the public screens (sign-in, forgot, reset): their main landmark, holding the whole card. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
    <Card sx={{ width: '100%', maxWidth: 400 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="overline" color="text.secondary">
          {PRODUCT_NAME}
        </Typography>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  </Box>
);
