import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import {
  centsToEuroText,
  FEE_LIMITS,
  type FeeService,
  type FeeServiceFormInput,
  type FeeServiceFormOutput,
  feeServiceFormSchema,
} from '../../../shared/fees';
import { texts } from '../../../shared/validation-texts';
import type { RouteHandle } from '../../app/route-handle';
import { RecordNotFound } from '../../components/admin-page/record-not-found';
import { TextField } from '../../components/form-field/text-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { idFromParam } from '../../lib/admin-resource';
import { isNotFoundError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { useAdminFeeCategory, useAdminFeeService, useSaveFeeService } from './admin-fees-api';
import { PriceLineFields } from './price-line-fields';
import './fees-admin.css';

export const handle: RouteHandle = {
  head: ({ params }) => ({
    title: params.serviceId ? 'Edit fee service' : 'Add fee service',
    description: 'A fee service and its prices.',
    noindex: true,
  }),
};

const FIELD_NAME = /^(title|prices_attributes\.(\d+)\.(description|amount))$/;

function ServiceForm({ categoryId, service }: { categoryId: number; service?: FeeService }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const save = useSaveFeeService(categoryId, service?.id);
  const listUrl = `/admin/fees/${categoryId}/services`;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FeeServiceFormInput, unknown, FeeServiceFormOutput>({
    resolver: zodResolver(feeServiceFormSchema),
    defaultValues: {
      title: service?.title ?? '',
      prices_attributes: service
        ? service.prices.map((price) => ({
            id: price.id,
            description: price.description,
            amount: centsToEuroText(Math.round(price.amount * 100)),
          }))
        : [{ description: '', amount: '' }],
    },
  });
  // `keyName` keeps the lines' own `id` (the saved price line's) in the values.
  const { fields, append, remove } = useFieldArray({ control, name: 'prices_attributes', keyName: 'key' });
  const [removedPriceIds, setRemovedPriceIds] = useState<number[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const addButtonRef = useRef<HTMLButtonElement>(null);
  // After a removal: the line index to focus once the list has re-rendered (-1: the add button).
  const focusAfterRemove = useRef<number | null>(null);

  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    if (index >= 0 && index < fields.length) setFocus(`prices_attributes.${index}.description`);
    else addButtonRef.current?.focus();
  }, [fields, setFocus]);

  const addLine = () => {
    append({ description: '', amount: '' }, { focusName: `prices_attributes.${fields.length}.description` });
    setAnnouncement(`Price ${fields.length + 1} added.`);
  };

  const removeLine = (index: number) => {
    const line = fields[index];
    if (line?.id !== undefined) setRemovedPriceIds((ids) => [...ids, Number(line.id)]);
    remove(index);
    const remaining = fields.length - 1;
    focusAfterRemove.current = remaining === 0 ? -1 : Math.min(index, remaining - 1);
    setAnnouncement(`Price ${index + 1} removed.`);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ values, removedPriceIds });
      notify.success(service ? texts.notices.serviceUpdated : texts.notices.serviceCreated);
      navigate(listUrl);
    } catch (error) {
      const applied = applyServerErrors(error, setError, (name) => {
        const match = FIELD_NAME.exec(name);
        return Boolean(match) && (match?.[2] === undefined || Number(match[2]) < fields.length);
      });
      if (!applied) notifyApiError(notify, error);
    }
  });

  const linesError = errors.prices_attributes?.root?.message ?? errors.prices_attributes?.message;
  const full = fields.length >= FEE_LIMITS.priceLines;

  return (
    <form className="admin-form" noValidate onSubmit={onSubmit}>
      <TextField
        label="Title"
        required
        autoComplete="off"
        maxLength={FEE_LIMITS.title}
        error={errors.title?.message}
        {...register('title')}
      />
      <fieldset className="admin-form__fieldset fees-admin__prices-fieldset">
        <legend>Prices</legend>
        <p className="field__hint">
          Each price line has a description and an amount in euro, for example 180 or 85.50. A service without
          price lines is listed on the fees page without a price.
        </p>
        {fields.length === 0 && <p className="fees-admin__muted">No price lines.</p>}
        {fields.length > 0 && (
          <ol className="fees-admin__lines">
            {fields.map((field, index) => (
              <li key={field.key}>
                <PriceLineFields
                  index={index}
                  register={register}
                  errors={errors.prices_attributes?.[index]}
                  onRemove={() => removeLine(index)}
                />
              </li>
            ))}
          </ol>
        )}
        {linesError && (
          <p className="field__error" role="alert">
            {linesError}
          </p>
        )}
        <div>
          <button
            ref={addButtonRef}
            type="button"
            className="button button--secondary"
            onClick={addLine}
            disabled={full}
          >
            <span aria-hidden="true">+</span> Add price line
          </button>
        </div>
        {full && (
          <p className="field__hint">A service can have at most {FEE_LIMITS.priceLines} price lines.</p>
        )}
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </fieldset>
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : service ? 'Save changes' : 'Create service'}
        </button>
        <Link className="admin-form__cancel" to={listUrl}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** /admin/fees/{id}/services/add and /admin/fees/{id}/services/{serviceId}: a service and its price lines. */
export function Component() {
  const params = useParams();
  const categoryId = idFromParam(params.id);
  const isNew = params.serviceId === undefined;
  const serviceId = idFromParam(params.serviceId);
  const category = useAdminFeeCategory(categoryId);
  const serviceQuery = useAdminFeeService(serviceId);
  const service = serviceQuery.data?.service;
  const categoryTitle = category.data?.fee_category.title;

  let body: ReactNode;
  if (categoryId === undefined || isNotFoundError(category.error))
    body = <RecordNotFound what="fee category" backTo="/admin/fees" backLabel="Back to the fee categories" />;
  else if (!isNew && (serviceId === undefined || isNotFoundError(serviceQuery.error)))
    body = <RecordNotFound what="fee service" backTo="/admin/fees" backLabel="Back to the fee categories" />;
  else if (category.isError || serviceQuery.isError)
    body = <p role="alert">The fee service could not be loaded. Try it later.</p>;
  else if (isNew) body = <ServiceForm categoryId={categoryId} />;
  else if (!service) body = <p role="status">Loading the fee service…</p>;
  else if (service.fee_category_id !== categoryId)
    // An address with the wrong category: go to the service's own.
    body = <Navigate replace to={`/admin/fees/${service.fee_category_id}/services/${service.id}`} />;
  else body = <ServiceForm key={service.id} categoryId={categoryId} service={service} />;

  return (
    <div className="admin-page">
      <Link
        className="admin-page__back"
        to={categoryId ? `/admin/fees/${categoryId}/services` : '/admin/fees'}
      >
        <span aria-hidden="true">←</span> {categoryId ? 'Back to the services' : 'Fee categories'}
      </Link>
      <div className="admin-page__header">
        <div>
          {categoryTitle && <p className="fees-admin__eyebrow">{categoryTitle}</p>}
          <h1 className="admin-page__title">{isNew ? 'Add fee service' : 'Edit fee service'}</h1>
        </div>
      </div>
      {body}
    </div>
  );
}
