import { SaveButton, type SaveButtonProps } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * A form's submit button, disabled until react-hook-form finds the form valid: every input validated as
 * required holds a value (and its other validators pass). The form should validate on change (`mode="onChange"`):
 * otherwise nothing is validated before a submit, which this disabled button never allows, and the admin is
 * never told which field is missing or wrong (react-admin shows it under the field as soon as it is known).
 */
export const RequiredFieldsSaveButton = (props: SaveButtonProps) => {
  const { isValid } = useFormState();
  return <SaveButton icon={<></>} {...props} disabled={props.disabled || !isValid} />;
};
