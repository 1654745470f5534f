import { useId } from 'react';

export interface KindChoiceProps<T> {
  legend: string;
  options: readonly { label: string; value: T }[];
  value: T | undefined;
  onChange: (value: T) => void;
}

/** A choice of two or three, as radio buttons drawn as a segmented control (arrow keys move within it). */
export function KindChoice<T extends string | boolean>({
  legend,
  options,
  value,
  onChange,
}: KindChoiceProps<T>) {
  const name = useId();
  return (
    <fieldset className="kind-choice">
      <legend className="kind-choice__legend">{legend}</legend>
      <div className="kind-choice__options">
        {options.map((option) => (
          <label key={String(option.value)} className="kind-choice__option">
            <input
              type="radio"
              name={name}
              className="kind-choice__input"
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
