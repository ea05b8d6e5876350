import { FilledInput, FormControl, FormHelperText, InputLabel, type FilledInputProps } from '@mui/material';
import { useId, type ReactNode } from 'react';

export interface AuthTextFieldProps extends Omit<FilledInputProps, 'error'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
}

/** Assembled from MUI's parts: MUI's TextField also carries its select mode, which the sign-in screens would download unused. */
export const AuthTextField = ({ label, helperText, error, ...input }: AuthTextFieldProps) => {
  const id = useId();
  return (
    <FormControl variant="filled" size="small" margin="dense" fullWidth error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <FilledInput id={id} aria-describedby={helperText ? `${id}-helper` : undefined} {...input} />
      {helperText && <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText>}
    </FormControl>
  );
};
