import { Link, useParams } from 'react-router';
import { type AdminFeeCategory, FEE_LIMITS, feeCategoryFormSchema } from '../../../shared/fees';
import { texts } from '../../../shared/validation-texts';
import { AdminFormHeader } from '../../components/admin-page/admin-form-header';
import { AdminRecordPage } from '../../components/admin-page/admin-record-page';
import { useAdminForm } from '../../components/admin-page/use-admin-form';
import { TextField } from '../../components/form-field/text-field';
import { idFromParam } from '../../lib/admin-resource';
import type { RouteHandle } from '../../lib/route-handle';
import { useAdminFeeCategory, useSaveFeeCategory } from './admin-fees-api';
import './fees-admin.css';

export const handle: RouteHandle = {
  head: ({ params }) => ({
    title: params.id ? 'Edit fee category' : 'Add fee category',
    description: 'A fee category of the public fees page.',
    noindex: true,
  }),
};

const LIST_PATH = '/admin/fees';
const BACK_LABEL = 'Back to the fee categories';

function CategoryForm({ category }: { category?: AdminFeeCategory }) {
  const save = useSaveFeeCategory(category?.id);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useAdminForm({
    schema: feeCategoryFormSchema,
    defaultValues: { title: category?.title ?? '' },
    save,
    toBody: (values) => values.title,
    notice: category ? texts.notices.categoryUpdated : texts.notices.categoryCreated,
    listPath: LIST_PATH,
  });

  return (
    <>
      <AdminFormHeader
        title={category ? 'Edit fee category' : 'Add fee category'}
        backTo={LIST_PATH}
        backLabel={BACK_LABEL}
      />
      <form className="admin-form" noValidate onSubmit={onSubmit}>
        <TextField
          label="Title"
          required
          autoComplete="off"
          maxLength={FEE_LIMITS.title}
          error={errors.title?.message}
          {...register('title')}
        />
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : category ? 'Save changes' : 'Create category'}
          </button>
          <Link className="admin-form__cancel" to={LIST_PATH}>
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}

function EditCategory({ id }: { id: number | undefined }) {
  const record = useAdminFeeCategory(id);
  return (
    <AdminRecordPage
      record={record}
      missing={id === undefined}
      what="fee category"
      title="Edit fee category"
      backTo={LIST_PATH}
      backLabel={BACK_LABEL}
    >
      {({ fee_category }) => <CategoryForm key={fee_category.id} category={fee_category} />}
    </AdminRecordPage>
  );
}

/** /admin/fees/add and /admin/fees/{id}: a fee category's title. */
export function Component() {
  const { id } = useParams();
  return (
    <div className="admin-page">
      {id === undefined ? <CategoryForm /> : <EditCategory id={idFromParam(id)} />}
    </div>
  );
}
