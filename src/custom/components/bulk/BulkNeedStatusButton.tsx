import RuleIcon from '@mui/icons-material/Rule';
import { Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Button } from 'react-admin';
import { NEED_STATUSES } from '../../../../shared/catalogue/needOptions';
import { useBulkAction } from './useBulkAction';

export const BulkNeedStatusButton = () => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { run, pending } = useBulkAction('status', 'updated');
  return (
    <>
      <Button label="Set status" onClick={(event) => setAnchor(event.currentTarget)} disabled={pending} aria-haspopup="menu" aria-expanded={Boolean(anchor)}>
        <RuleIcon />
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {NEED_STATUSES.map((status) => (
          <MenuItem
            key={status}
            onClick={() => {
              setAnchor(null);
              run({ status });
            }}
          >
            {status}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
