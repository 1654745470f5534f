import { Link, useParams } from 'react-router';
import { formatEuro } from '../../../shared/euro';
import type { FeeService } from '../../../shared/fees';
import { texts } from '../../../shared/validation-texts';
import { RecordNotFound } from '../../components/admin-page/record-not-found';
import { DataTable } from '../../components/data-table/data-table';
import { useTableParams } from '../../components/data-table/use-table-params';
import { idFromParam } from '../../lib/admin-resource';
import { isNotFoundError } from '../../lib/api-client';
import type { RouteHandle } from '../../lib/route-handle';
import { useAdminFeeCategory, useAdminFeeServices, useDeleteFeeService } from './admin-fees-api';
import './fees-admin.css';

export const handle: RouteHandle = {
  head: () => ({ title: 'Fee services', description: 'The services of a fee category.', noindex: true }),
};

function PriceSummary({ service }: { service: FeeService }) {
  if (service.prices.length === 0) return <span className="fees-admin__muted">No prices</span>;
  return (
    <ul className="fees-admin__price-summary">
      {service.prices.map((price) => (
        <li key={price.id}>
          <span>{price.description}</span>{' '}
          <span className="fees-admin__amount">{formatEuro(price.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

function ServicesTable({ categoryId }: { categoryId: number }) {
  const params = useTableParams();
  const list = useAdminFeeServices(categoryId, params);
  const remove = useDeleteFeeService({ notice: texts.notices.serviceDeleted });

  return (
    <DataTable<FeeService>
      label="Fee services"
      params={params}
      rows={list.data?.services}
      pages={list.data?.pages}
      count={list.data?.count}
      isLoading={list.isPending || list.isPlaceholderData}
      error={list.isError ? 'The fee services could not be loaded. Try it later.' : undefined}
      columns={[
        { header: 'Title', cell: (service) => service.title },
        {
          header: 'Prices',
          cell: (service) => <PriceSummary service={service} />,
          className: 'fees-admin__prices',
        },
      ]}
      rowKey={(service) => service.id}
      rowLabel={(service) => service.title}
      searchLabel="Search fee services"
      editHref={(service) => `/admin/fees/${categoryId}/services/${service.id}`}
      onDelete={remove}
      deleteDialog={{
        title: (service) => `Delete “${service.title}”?`,
        message: 'The service and its prices will be removed from the website. This cannot be undone.',
      }}
      emptyState={<p>No services in this category yet.</p>}
      toolbar={
        <Link className="button button--primary" to={`/admin/fees/${categoryId}/services/add`}>
          Add service
        </Link>
      }
    />
  );
}

/** /admin/fees/{id}/services: one category's services with their price lines (spec 2.6). */
export function Component() {
  const id = idFromParam(useParams().id);
  const category = useAdminFeeCategory(id);
  const title = category.data?.fee_category.title;

  return (
    <div className="admin-page">
      <Link className="admin-page__back" to="/admin/fees">
        <span aria-hidden="true">←</span> Fee categories
      </Link>
      {id === undefined || isNotFoundError(category.error) ? (
        <>
          <h1 className="admin-page__title">Fee services</h1>
          <RecordNotFound what="fee category" backTo="/admin/fees" backLabel="Back to the fee categories" />
        </>
      ) : (
        <>
          <div className="admin-page__header">
            <div>
              <p className="fees-admin__eyebrow">Fee services</p>
              <h1 className="admin-page__title">{title ?? 'Fee services'}</h1>
            </div>
            <div className="admin-page__actions">
              <Link className="button button--secondary" to={`/admin/fees/${id}`}>
                Edit category<span className="visually-hidden"> {title}</span>
              </Link>
            </div>
          </div>
          <ServicesTable categoryId={id} />
        </>
      )}
    </div>
  );
}
