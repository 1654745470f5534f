import { type InputHTMLAttributes, useState } from 'react';

/** A whole day as a date field gives it (YYYY-MM-DD) with a year of four digits, not one being typed ('0020'). */
export const isSettledDay = (day: string): boolean => /^[1-9]\d{3}-\d{2}-\d{2}$/.test(day);

type DayInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  /** The day shown (YYYY-MM-DD), e.g. from the address. */
  value: string;
  /** Called with each settled day typed or picked. */
  onDay: (day: string) => void;
};

/**
 * A date field whose day lives in the address: what is typed stays in the field as it is typed, and only a settled
 * day is passed on. Bound straight to the address, each keystroke's passing value ('0002-11-30' while the year is
 * typed) changed the page and redrew the field, so typed days came out scrambled.
 */
export function DayInput({ value, onDay, ...props }: DayInputProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // A day changed from outside (a shortcut, Back): the field follows it.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  return (
    <input
      {...props}
      type="date"
      value={draft}
      onChange={(event) => {
        const next = event.target.value;
        setDraft(next);
        if (isSettledDay(next) && next !== value) onDay(next);
      }}
    />
  );
}
