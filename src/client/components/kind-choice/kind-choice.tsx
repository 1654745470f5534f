import { useEffect, useId, useRef } from 'react';
import './kind-choice.css';

export interface KindChoiceProps<T> {
  legend: string;
  options: readonly { label: string; value: T }[];
  value: T | undefined;
  onChange: (value: T) => void;
  /** The visitor points at or tabs to an option: what choosing needs can be fetched ahead. */
  onApproach?: () => void;
}

/**
 * A choice of two or three, as radio buttons drawn as a segmented control (arrow keys move within it). A
 * choice tapped on the server-rendered page before its scripts ran is taken up once they have.
 */
export function KindChoice<T extends string | boolean>({
  legend,
  options,
  value,
  onChange,
  onApproach,
}: KindChoiceProps<T>) {
  const name = useId();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const early = useRef({ options, value, onChange });
  useEffect(() => {
    const inputs = [...(fieldset.current?.querySelectorAll('input') ?? [])];
    const tapped = early.current.options[inputs.findIndex((input) => input.checked)];
    if (tapped && tapped.value !== early.current.value) early.current.onChange(tapped.value);
  }, []);
  return (
    <fieldset className="kind-choice" ref={fieldset}>
      <legend className="kind-choice__legend">{legend}</legend>
      <div className="kind-choice__options">
        {options.map((option) => (
          <label key={String(option.value)} className="kind-choice__option" onPointerOver={onApproach}>
            <input
              type="radio"
              name={name}
              className="kind-choice__input"
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              onFocus={onApproach}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
