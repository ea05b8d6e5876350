import { SaveButton, type SaveButtonProps } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * Disabled until the form is valid. The form should validate on change (`mode="onChange"`): otherwise nothing is
 * validated before a submit, which this button never allows, and no missing field is ever shown.
 */
export const RequiredFieldsSaveButton = (props: SaveButtonProps) => {
  const { isValid } = useFormState();
  return <SaveButton icon={<></>} {...props} disabled={props.disabled || !isValid} />;
};
