import { Box, Tab, Tabs } from '@mui/material';
import { useState, type ReactNode } from 'react';

export interface RecordTab {
  label: string;
  content: ReactNode;
}

/** The tab strip of every record page (Information, …, Raw Data); only the open tab is mounted. */
export const RecordTabs = ({ tabs }: { tabs: RecordTab[] }) => {
  const [open, setOpen] = useState(0);
  return (
    <Box>
      <Tabs value={open} onChange={(_event, index: number) => setOpen(index)} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((tab) => (
          <Tab key={tab.label} label={tab.label} />
        ))}
      </Tabs>
      <Box role="tabpanel" sx={{ pt: 1 }}>
        {tabs[open]?.content}
      </Box>
    </Box>
  );
};
