import { Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { SearchInput, useResourceContext, type SearchInputProps } from 'react-admin';
import { searchCovers } from './searchCovers';

/**
 * The lists' search box, named Search, saying below it what it matches (and to a screen reader, as its description). Its own line:
 * react-admin's filter form gives its inputs no helper text.
 */
export const SearchBox = (props: Omit<SearchInputProps, 'helperText'>) => {
  const covers = searchCovers(useResourceContext(props));
  const id = useId();
  const box = <SearchInput {...props} placeholder="Search" {...(covers ? { inputProps: { 'aria-label': 'Search', 'aria-describedby': id } } : {})} />;
  if (!covers) return box;
  return (
    <Stack>
      {box}
      {/* Not a FormHelperText: react-admin's filter form hides those. */}
      <Typography id={id} variant="caption" color="text.secondary" sx={{ mt: -0.5, mx: 1.75 }}>
        {covers}
      </Typography>
    </Stack>
  );
};
