import { useEffect, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link, Navigate, useParams } from 'react-router';
import { centsToEuroText, FEE_LIMITS, type FeeService, feeServiceFormSchema } from '../../../shared/fees';
import { repricedNotice } from '../../../shared/price-list';
import { texts } from '../../../shared/validation-texts';
import { AdminFormHeader } from '../../components/admin-page/admin-form-header';
import { AdminRecordPage } from '../../components/admin-page/admin-record-page';
import { useAdminForm } from '../../components/admin-page/use-admin-form';
import { TextField } from '../../components/form-field/text-field';
import { idFromParam } from '../../lib/admin-resource';
import type { RouteHandle } from '../../lib/route-handle';
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

function ServiceForm({
  categoryId,
  categoryTitle,
  service,
}: {
  categoryId: number;
  categoryTitle: string;
  service?: FeeService;
}) {
  const save = useSaveFeeService(categoryId, service?.id);
  const listUrl = `/admin/fees/${categoryId}/services`;
  const [removedPriceIds, setRemovedPriceIds] = useState<number[]>([]);
  const {
    register,
    control,
    onSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useAdminForm({
    schema: feeServiceFormSchema,
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
    save,
    toBody: (values) => ({ values, removedPriceIds }),
    isField: (name): boolean => {
      const match = FIELD_NAME.exec(name);
      return Boolean(match) && (match?.[2] === undefined || Number(match[2]) < fields.length);
    },
    // A new amount of a line a bookable kind costs repriced its future free times: the notice says how many.
    notice: (answer) => {
      const saved = service ? texts.notices.serviceUpdated : texts.notices.serviceCreated;
      const repriced = 'repriced' in answer ? answer.repriced.map(repricedNotice) : [];
      return repriced.length === 0 ? saved : `${saved}. ${repriced.join(' ')}`;
    },
    listPath: listUrl,
  });
  // `keyName` keeps the lines' own `id` (the saved price line's) in the values.
  const { fields, append, remove } = useFieldArray({ control, name: 'prices_attributes', keyName: 'key' });
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

  const linesError = errors.prices_attributes?.root?.message ?? errors.prices_attributes?.message;
  const full = fields.length >= FEE_LIMITS.priceLines;

  return (
    <>
      <ServiceHeader categoryId={categoryId} categoryTitle={categoryTitle} isNew={!service} />
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
            Each price line has a description and an amount in euro, for example 180 or 85.50. A service
            without price lines is listed on the fees page without a price.
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
    </>
  );
}

const serviceTitle = (isNew: boolean) => (isNew ? 'Add fee service' : 'Edit fee service');
const categoryEyebrow = (title: string | undefined) =>
  title ? <p className="fees-admin__eyebrow">{title}</p> : undefined;

function ServiceHeader({
  categoryId,
  categoryTitle,
  isNew,
}: {
  categoryId: number;
  categoryTitle: string;
  isNew: boolean;
}) {
  return (
    <AdminFormHeader
      title={serviceTitle(isNew)}
      eyebrow={categoryEyebrow(categoryTitle)}
      backTo={`/admin/fees/${categoryId}/services`}
      backLabel="Back to the services"
    />
  );
}

function EditService({
  categoryId,
  categoryTitle,
  serviceId,
}: {
  categoryId: number;
  categoryTitle: string;
  serviceId: number | undefined;
}) {
  const record = useAdminFeeService(serviceId);
  return (
    <AdminRecordPage
      record={record}
      missing={serviceId === undefined}
      what="fee service"
      title={serviceTitle(false)}
      eyebrow={categoryEyebrow(categoryTitle)}
      backTo={`/admin/fees/${categoryId}/services`}
      backLabel="Back to the services"
    >
      {({ service }) =>
        service.fee_category_id === categoryId ? (
          <ServiceForm
            key={service.id}
            categoryId={categoryId}
            categoryTitle={categoryTitle}
            service={service}
          />
        ) : (
          // An address with the wrong category: go to the service's own.
          <Navigate replace to={`/admin/fees/${service.fee_category_id}/services/${service.id}`} />
        )
      }
    </AdminRecordPage>
  );
}

/** /admin/fees/{id}/services/add and /admin/fees/{id}/services/{serviceId}: a service and its price lines. */
export function Component() {
  const params = useParams();
  const categoryId = idFromParam(params.id);
  const isNew = params.serviceId === undefined;
  const category = useAdminFeeCategory(categoryId);

  return (
    <div className="admin-page">
      <AdminRecordPage
        record={category}
        missing={categoryId === undefined}
        what="fee category"
        title={serviceTitle(isNew)}
        backTo="/admin/fees"
        backLabel="Back to the fee categories"
      >
        {({ fee_category }) =>
          isNew ? (
            <ServiceForm categoryId={fee_category.id} categoryTitle={fee_category.title} />
          ) : (
            <EditService
              categoryId={fee_category.id}
              categoryTitle={fee_category.title}
              serviceId={idFromParam(params.serviceId)}
            />
          )
        }
      </AdminRecordPage>
    </div>
  );
}
