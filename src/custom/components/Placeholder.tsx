import { Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';

/** An honest stand-in for a screen that a later issue delivers. */
export const Placeholder = ({ title }: { title: string }) => (
  <Card sx={{ mt: 2 }}>
    <Title title={title} />
    <CardContent>
      <Typography variant="h6">{title}</Typography>
      <Typography color="text.secondary">This screen is not built yet.</Typography>
    </CardContent>
  </Card>
);
