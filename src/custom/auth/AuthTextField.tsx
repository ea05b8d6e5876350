import { FilledInput, FormControl, FormHelperText, InputLabel, type FilledInputProps } from '@mui/material';
import { useId, type ReactNode } from 'react';

export interface AuthTextFieldProps extends Omit<FilledInputProps, 'error'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
}

/**
 * A filled text field like the console's, assembled from MUI's parts: MUI's TextField also carries its
 * select mode (menus, popovers, modals), which the sign-in screens would download without using.
 */
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
