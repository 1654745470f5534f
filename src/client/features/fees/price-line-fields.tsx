import { useId } from 'react';
import type { FieldError, UseFormRegister } from 'react-hook-form';
import { FEE_LIMITS, type FeeServiceFormInput } from '../../../shared/fees';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';

function FieldErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return <FieldErrorMessage id={id}>{message}</FieldErrorMessage>;
}

interface PriceLineFieldsProps {
  index: number;
  register: UseFormRegister<FeeServiceFormInput>;
  errors?: { description?: FieldError; amount?: FieldError };
  onRemove: () => void;
}

/**
 * One price line of the service form: a fieldset 'Price {n}' with its description and its amount in
 * euro (a '€' prefix; `inputMode="decimal"` opens the number keyboard on phones) and its remove button.
 * The fields are named 'Price {n} description' and 'Price {n} amount in euro' for screen readers.
 */
export function PriceLineFields({ index, register, errors, onRemove }: PriceLineFieldsProps) {
  const id = useId();
  const number = index + 1;
  const descriptionError = errors?.description?.message;
  const amountError = errors?.amount?.message;
  return (
    <fieldset className="fees-admin__line">
      <legend className="fees-admin__line-legend">Price {number}</legend>
      <div className="field fees-admin__line-description">
        <label className="field__label" htmlFor={`${id}-description`}>
          <span className="visually-hidden">Price {number} </span>Description
        </label>
        <input
          id={`${id}-description`}
          className="field__input"
          autoComplete="off"
          maxLength={FEE_LIMITS.description}
          aria-required
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? `${id}-description-error` : undefined}
          {...register(`prices_attributes.${index}.description`)}
        />
        <FieldErrorText id={`${id}-description-error`} message={descriptionError} />
      </div>
      <div className="field fees-admin__line-amount">
        <label className="field__label" htmlFor={`${id}-amount`}>
          <span className="visually-hidden">Price {number} </span>Amount in euro
        </label>
        <div className="fees-admin__amount-input">
          <span className="fees-admin__currency" aria-hidden="true">
            €
          </span>
          <input
            id={`${id}-amount`}
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            maxLength={FEE_LIMITS.amountText}
            aria-required
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? `${id}-amount-error` : undefined}
            {...register(`prices_attributes.${index}.amount`)}
          />
        </div>
        <FieldErrorText id={`${id}-amount-error`} message={amountError} />
      </div>
      <div className="fees-admin__line-remove">
        <button type="button" className="button button--danger-secondary button--small" onClick={onRemove}>
          Remove<span className="visually-hidden"> price {number}</span>
        </button>
      </div>
    </fieldset>
  );
}
