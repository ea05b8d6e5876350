import { SaveButton, type SaveButtonProps } from 'react-admin';
import { useWatch } from 'react-hook-form';

const isFilled = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;

/** Spec §5: a form's button stays disabled until every required field holds a value. */
export const RequiredFieldsSaveButton = ({ fields, ...props }: SaveButtonProps & { fields: string[] }) => {
  const values: unknown[] = useWatch({ name: fields });
  return <SaveButton icon={<></>} {...props} disabled={props.disabled || !values.every(isFilled)} />;
};
