import { TextField } from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { useInput, type InputProps } from 'react-admin';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ENGLISH_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const pad = (value: number) => String(value).padStart(2, '0');

/** The stored value (a `YYYY-MM-DD` day, or an instant of the admin's clock) as `dd/mm/yyyy`; '' for none. */
export function dayText(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const iso = ISO_DAY.exec(value);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** What is typed, as `dd/mm/yyyy` while it is typed: the slashes come by themselves, anything but digits goes. */
export function maskDay(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('/');
}

/** A whole day as `YYYY-MM-DD`: `dd/mm/yyyy`, or `yyyy-mm-dd` pasted; undefined while incomplete or not a day (31/02). */
export function typedDay(text: string): string | undefined {
  const english = ENGLISH_DAY.exec(text);
  const iso = ISO_DAY.exec(text);
  const [day, month, year] = english ? [english[1], english[2], english[3]] : iso ? [iso[3], iso[2], iso[1]] : [];
  if (!day || !month || !year) return undefined;
  const date = new Date(Number(year), Number(month) - 1, Number(day));
  const real = date.getFullYear() === Number(year) && date.getMonth() === Number(month) - 1 && date.getDate() === Number(day);
  return real && Number(year) >= 1000 ? `${year}-${month}-${day}` : undefined;
}

export interface DayInputProps extends Omit<InputProps, 'parse' | 'format'> {
  label: string;
  /** The typed day (`YYYY-MM-DD`) as the value to keep (the start of the day, its end…); the day itself by default. */
  parse?: (day: string) => string;
}

/**
 * A day typed as `dd/mm/yyyy`, the spec's en-GB order, in any browser: a date input (`type="date"`) follows the
 * browser's language in Chromium whatever the page says (`lang` is not read), and reads mm/dd/yyyy in an American one.
 * The value changes once the day is whole and real; emptied, it is cleared.
 */
export const DayInput = ({ label, parse, alwaysOn: _filterFormReadsIt, ...props }: DayInputProps) => {
  const { field, id } = useInput({ ...props, format: (value: unknown) => value, parse: (value: unknown) => value });
  const shown = dayText(field.value);
  const [text, setText] = useState(shown);
  // The value changed from elsewhere (the reset button, the URL): the text follows it.
  const [lastShown, setLastShown] = useState(shown);
  if (shown !== lastShown) {
    setLastShown(shown);
    setText(shown);
  }
  const day = typedDay(text);
  const wrong = text.length === 10 && day === undefined;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    // A day pasted the ISO way is taken as it is; anything else is typed in the en-GB order.
    const next = ISO_DAY.test(raw) ? raw : maskDay(raw);
    setText(next);
    const whole = typedDay(next);
    if (next === '' || whole) {
      const value = whole ? (parse ? parse(whole) : whole) : '';
      // What is typed stays as it is typed (the change is its own).
      setLastShown(dayText(value));
      field.onChange(value);
    }
  };

  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={text}
      onChange={onChange}
      onBlur={field.onBlur}
      placeholder="dd/mm/yyyy"
      error={wrong}
      helperText={wrong ? 'Not a day (dd/mm/yyyy)' : undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 10 } }}
      sx={{ width: 160 }}
    />
  );
};
