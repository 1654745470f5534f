import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type AdminFeeCategory,
  type FeeCategoryFormValues,
  feeCategoryFormSchema,
} from '../../../shared/fees';
import { texts } from '../../../shared/validation-texts';
import type { RouteHandle } from '../../app/route-handle';
import { AdminFormHeader } from '../../components/admin-page/admin-form-header';
import { RecordNotFound } from '../../components/admin-page/record-not-found';
import { TextField } from '../../components/form-field/text-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { idFromParam } from '../../lib/admin-resource';
import { isNotFoundError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { useAdminFeeCategory, useSaveFeeCategory } from './admin-fees-api';
import './fees-admin.css';

export const handle: RouteHandle = {
  head: ({ params }) => ({
    title: params.id ? 'Edit fee category' : 'Add fee category',
    description: 'A fee category of the public fees page.',
    noindex: true,
  }),
};

function CategoryForm({ category }: { category?: AdminFeeCategory }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const save = useSaveFeeCategory(category?.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FeeCategoryFormValues>({
    resolver: zodResolver(feeCategoryFormSchema),
    defaultValues: { title: category?.title ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values.title);
      notify.success(category ? texts.notices.categoryUpdated : texts.notices.categoryCreated);
      navigate('/admin/fees');
    } catch (error) {
      if (!applyServerErrors(error, setError, (name) => name === 'title')) notifyApiError(notify, error);
    }
  });

  return (
    <form className="admin-form" noValidate onSubmit={onSubmit}>
      <TextField
        label="Title"
        required
        autoComplete="off"
        maxLength={200}
        error={errors.title?.message}
        {...register('title')}
      />
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : category ? 'Save changes' : 'Create category'}
        </button>
        <Link className="admin-form__cancel" to="/admin/fees">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** /admin/fees/add and /admin/fees/{id}: a fee category's title. */
export function Component() {
  const params = useParams();
  const isNew = params.id === undefined;
  const id = idFromParam(params.id);
  const query = useAdminFeeCategory(id);
  const category = query.data?.fee_category;

  let body: ReactNode;
  if (isNew) body = <CategoryForm />;
  else if (id === undefined || isNotFoundError(query.error))
    body = <RecordNotFound what="fee category" backTo="/admin/fees" backLabel="Back to the fee categories" />;
  else if (query.isError) body = <p role="alert">The fee category could not be loaded. Try it later.</p>;
  else if (!category) body = <p role="status">Loading the fee category…</p>;
  else body = <CategoryForm key={category.id} category={category} />;

  return (
    <div className="admin-page">
      <AdminFormHeader
        title={isNew ? 'Add fee category' : 'Edit fee category'}
        backTo="/admin/fees"
        backLabel="Fee categories"
      />
      {body}
    </div>
  );
}
