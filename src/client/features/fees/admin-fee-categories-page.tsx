import { Link } from 'react-router';
import type { AdminFeeCategory } from '../../../shared/fees';
import { texts } from '../../../shared/validation-texts';
import { DataTable } from '../../components/data-table/data-table';
import { useTableParams } from '../../components/data-table/use-table-params';
import type { RouteHandle } from '../../lib/route-handle';
import { useAdminFeeCategories, useDeleteFeeCategory } from './admin-fees-api';
import './fees-admin.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Fee categories',
    description: 'Fee categories of the public fees page.',
    noindex: true,
  }),
};

function servicesText(count: number): string {
  return count === 1 ? '1 service' : `${count} services`;
}

/** /admin/fees: the fee categories, each title leading to its services (spec 2.6). */
export function Component() {
  const params = useTableParams();
  const list = useAdminFeeCategories(params);
  const remove = useDeleteFeeCategory({ notice: texts.notices.categoryDeleted });

  return (
    <div className="admin-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Fee categories</h1>
      </div>
      <DataTable<AdminFeeCategory>
        label="Fee categories"
        params={params}
        rows={list.data?.fee_categories}
        pages={list.data?.pages}
        count={list.data?.count}
        isLoading={list.isPending || list.isPlaceholderData}
        error={list.isError ? 'The fee categories could not be loaded. Try it later.' : undefined}
        columns={[
          {
            header: 'Title',
            cell: (category) => (
              <span className="fees-admin__title-cell">
                <Link to={`/admin/fees/${category.id}/services`}>{category.title}</Link>
                <span className="fees-admin__muted">{servicesText(category.services_count)}</span>
              </span>
            ),
          },
        ]}
        rowKey={(category) => category.id}
        rowLabel={(category) => category.title}
        searchLabel="Search fee categories"
        editHref={(category) => `/admin/fees/${category.id}`}
        onDelete={remove}
        deleteDialog={{
          title: (category) => `Delete “${category.title}”?`,
          message: (category) =>
            category.services_count > 0
              ? `The category and its ${servicesText(category.services_count)}, with all their prices, will be removed from the website. This cannot be undone.`
              : 'The category will be removed from the website. This cannot be undone.',
        }}
        emptyState={<p>No fee categories yet. Add one to start the fees page.</p>}
        toolbar={
          <Link className="button button--primary" to="/admin/fees/add">
            Add category
          </Link>
        }
      />
    </div>
  );
}
